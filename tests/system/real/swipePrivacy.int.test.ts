import sharp from 'sharp';
import { swipeEnvironmentSchema } from '@nocturne/swipe';
import { eventually } from '@nocturne/platform/testing';
import { hasRealInfrastructure, StackProcess, type Member } from '../support';

// Who liked you on the free plan, and what crawling the deck costs, on the real servers (Kafka, MongoDB,
// Redis: every instance counts the limits together), through `node stack/dist/main.js`. Run under
// `flock /tmp/nocturne-real.lock`; skipped without the real servers.
const d = hasRealInfrastructure ? describe : describe.skip;

const shipped = swipeEnvironmentSchema.parse({ INTERNAL_SECRET: 'x'.repeat(32) });
const UNKNOWN_PERSON = 2_000_000_000;

d('real stack: who liked you and the deck limits', () => {
  let stack: StackProcess | undefined;

  beforeAll(async () => {
    // The limits as shipped (the harness lifts them for the other suites).
    stack = await StackProcess.start({ env: { SWIPE_DECK_READS_PER_MINUTE: String(shipped.SWIPE_DECK_READS_PER_MINUTE), SWIPE_PASSES_PER_MINUTE: String(shipped.SWIPE_PASSES_PER_MINUTE) } });
  }, 120_000);

  afterAll(async () => {
    await stack?.stop(10_000);
  }, 30_000);

  /** Signed up, onboarded (with a photo when asked) and placed in Berlin, or where asked. */
  async function member(photo?: string, place = { latitude: 52.52, longitude: 13.405 }): Promise<Member> {
    const who = await stack!.signUpWithProfile();
    if (photo) {
      const jpeg = await sharp({ create: { width: 120, height: 160, channels: 3, background: photo } }).jpeg().toBuffer();
      expect((await who.post('/api/photos').attach('photos', jpeg, { filename: 'me.jpg', contentType: 'image/jpeg' })).status).toBe(201);
    }
    expect((await who.patch(`/api/user/${who.id}`, { gender: 'Other', kinks: ['Praise'], interests: ['Art'] })).status).toBe(200);
    expect((await who.post('/api/update-location', place)).status).toBe(200);
    return who;
  }
  /** A swipe once the swipe service knows the other person (404 until profile.events reached it). */
  const swipeWhenKnown = (who: Member, swipedId: number, isLike: boolean) =>
    eventually(
      async () => {
        const res = await who.post('/api/swipes', { swiperId: who.id, swipedId, isLike });
        expect(res.status).not.toBe(404);
        return res;
      },
      { timeoutMs: 45_000, intervalMs: 1_000 },
    );
  /** The answer's bytes as they came. */
  const likesText = async (who: Member) => {
    const res = await who.get('/api/likes');
    expect(res.status).toBe(200);
    return res.text;
  };

  it('tells the free plan the same bytes whoever liked them, and Plus who', async () => {
    const [rigel, deneb] = [await member('#c87828'), await member('#145adc')];
    const [vega, lyra, plus] = [await member(), await member(), await member()];
    expect((await plus.post('/api/plan', { plan: 'plus', billing: 'monthly' })).status).toBe(200);
    for (const [liker, liked] of [[rigel, vega], [deneb, lyra], [rigel, plus]] as const) expect((await swipeWhenKnown(liker, liked.id, true)).status).toBe(200);

    const answer = await likesText(vega);
    expect(answer).toBe('{"visible":false,"count":1,"likes":[]}');
    expect(await likesText(lyra)).toBe(answer);
    expect(JSON.parse(await likesText(plus))).toMatchObject({ visible: true, count: 1, likes: [{ user: { id: rigel.id } }] });
  }, 300_000);

  it('answers deck reads and passes past their limits with 429 and Retry-After, and records no refused pass', async () => {
    const reader = await stack!.signUp();
    for (let read = 0; read < shipped.SWIPE_DECK_READS_PER_MINUTE; read++) expect((await reader.get('/api/profiles')).status).toBe(200);
    const refusedRead = await reader.get('/api/profiles');
    expect(refusedRead.status).toBe(429);
    expect(Number(refusedRead.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // A place of their own: the shared servers hold every earlier suite's people in Berlin, and a deck page
    // of 50 from hundreds in one distance band need not hold this one.
    const place = { latitude: -40 + Math.random() * 20, longitude: -150 + Math.random() * 20 };
    const [swiper, spared] = [await member(undefined, place), await member(undefined, place)];
    // Fewer deck reads than the limit while the swipe service hears of `spared`.
    await eventually(async () => expect(((await swiper.get('/api/profiles?limit=50')).body as Array<{ id: number }>).map((card) => card.id)).toContain(spared.id), { timeoutMs: 50_000, intervalMs: 2_500 });
    // Passes count before anything is looked up: these on nobody use up the minute.
    for (let pass = 0; pass < shipped.SWIPE_PASSES_PER_MINUTE; pass++) expect((await swiper.post('/api/swipes', { swiperId: swiper.id, swipedId: UNKNOWN_PERSON, isLike: false })).status).toBe(404);
    const refusedPass = await swiper.post('/api/swipes', { swiperId: swiper.id, swipedId: spared.id, isLike: false });
    expect(refusedPass.status).toBe(429);
    expect(Number(refusedPass.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(((await swiper.get('/api/profiles?limit=50')).body as Array<{ id: number }>).map((card) => card.id)).toContain(spared.id);
  }, 300_000);
});
