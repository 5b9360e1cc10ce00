import sharp from 'sharp';
import { swipeEnvironmentSchema } from '@nocturne/swipe';
import { hasRealInfrastructure, newPerson, RealStack, waitFor, type ApiClient } from './harness';

// Who liked you on the free plan, and what crawling the deck costs, on the real servers (Kafka, MongoDB,
// Redis: every instance counts the limits together), through `node stack/dist/main.js`. Run under
// `flock /tmp/nocturne-real.lock`; skipped without the real servers.
const d = hasRealInfrastructure ? describe : describe.skip;

const shipped = swipeEnvironmentSchema.parse({ INTERNAL_SECRET: 'x'.repeat(32) });
const UNKNOWN_PERSON = 2_000_000_000;

d('real stack: who liked you and the deck limits', () => {
  let stack: RealStack | undefined;

  beforeAll(async () => {
    // The limits as shipped (the harness lifts them for the other suites).
    stack = await RealStack.start({ env: { SWIPE_DECK_READS_PER_MINUTE: String(shipped.SWIPE_DECK_READS_PER_MINUTE), SWIPE_PASSES_PER_MINUTE: String(shipped.SWIPE_PASSES_PER_MINUTE) } });
  }, 120_000);

  afterAll(async () => {
    await stack?.stop(10_000);
  }, 30_000);

  /** Signed up, onboarded (with a photo when asked) and placed in Berlin, or where asked. */
  async function member(photo?: string, place = { latitude: 52.52, longitude: 13.405 }): Promise<{ api: ApiClient; id: number }> {
    const api = stack!.client();
    const signUp = await api.call('POST', '/api/auth/signup', newPerson());
    expect(signUp.status).toBe(201);
    const id = signUp.body.user.id as number;
    await waitFor(`the profile of ${id}`, async () => (await api.call('GET', '/api/auth/user')).body?.user?.lastSeen, 45_000);
    if (photo) {
      const form = new FormData();
      form.append('photos', new Blob([new Uint8Array(await sharp({ create: { width: 120, height: 160, channels: 3, background: photo } }).jpeg().toBuffer())], { type: 'image/jpeg' }), 'me.jpg');
      expect((await fetch(`${stack!.url}/api/photos`, { method: 'POST', headers: { origin: stack!.url, cookie: api.cookie! }, body: form })).status).toBe(201);
    }
    expect((await api.call('PATCH', `/api/user/${id}`, { gender: 'Other', kinks: ['Praise'], interests: ['Art'] })).status).toBe(200);
    expect((await api.call('POST', '/api/update-location', place)).status).toBe(200);
    return { api, id };
  }
  /** A swipe once the swipe service knows the other person (404 until profile.events reached it). */
  const swipeWhenKnown = (who: { api: ApiClient; id: number }, swipedId: number, isLike: boolean) =>
    waitFor(`the swipe of ${who.id} on ${swipedId}`, async () => {
      const res = await who.api.call('POST', '/api/swipes', { swiperId: who.id, swipedId, isLike });
      return res.status === 404 ? undefined : res;
    }, 45_000, 1_000);
  const likesText = async (who: { api: ApiClient }) => {
    const res = await fetch(`${stack!.url}/api/likes`, { headers: { cookie: who.api.cookie! } });
    expect(res.status).toBe(200);
    return res.text();
  };

  it('tells the free plan the same bytes whoever liked them, and Plus who', async () => {
    const [rigel, deneb] = [await member('#c87828'), await member('#145adc')];
    const [vega, lyra, plus] = [await member(), await member(), await member()];
    expect((await plus.api.call('POST', '/api/plan', { plan: 'plus', billing: 'monthly' })).status).toBe(200);
    for (const [liker, liked] of [[rigel, vega], [deneb, lyra], [rigel, plus]] as const) expect((await swipeWhenKnown(liker, liked.id, true)).status).toBe(200);

    const answer = await likesText(vega);
    expect(answer).toBe('{"visible":false,"count":1,"likes":[]}');
    expect(await likesText(lyra)).toBe(answer);
    expect(JSON.parse(await likesText(plus))).toMatchObject({ visible: true, count: 1, likes: [{ user: { id: rigel.id } }] });
  }, 300_000);

  it('answers deck reads and passes past their limits with 429 and Retry-After, and records no refused pass', async () => {
    const reader = stack!.client();
    expect((await reader.call('POST', '/api/auth/signup', newPerson())).status).toBe(201);
    for (let read = 0; read < shipped.SWIPE_DECK_READS_PER_MINUTE; read++) expect((await reader.call('GET', '/api/profiles')).status).toBe(200);
    const refusedRead = await reader.call('GET', '/api/profiles');
    expect(refusedRead.status).toBe(429);
    expect(Number(refusedRead.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // A place of their own: the shared servers hold every earlier suite's people in Berlin, and a deck page
    // of 50 from hundreds in one distance band need not hold this one.
    const place = { latitude: -40 + Math.random() * 20, longitude: -150 + Math.random() * 20 };
    const [swiper, spared] = [await member(undefined, place), await member(undefined, place)];
    // Fewer deck reads than the limit while the swipe service hears of `spared`.
    await waitFor(`${spared.id} in the deck of ${swiper.id}`, async () => ((await swiper.api.call('GET', '/api/profiles?limit=50')).body as Array<{ id: number }>).some((card) => card.id === spared.id), 50_000, 2_500);
    // Passes count before anything is looked up: these on nobody use up the minute.
    for (let pass = 0; pass < shipped.SWIPE_PASSES_PER_MINUTE; pass++) expect((await swiper.api.call('POST', '/api/swipes', { swiperId: swiper.id, swipedId: UNKNOWN_PERSON, isLike: false })).status).toBe(404);
    const refusedPass = await swiper.api.call('POST', '/api/swipes', { swiperId: swiper.id, swipedId: spared.id, isLike: false });
    expect(refusedPass.status).toBe(429);
    expect(Number(refusedPass.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await swiper.api.call('GET', '/api/profiles?limit=50')).body as Array<{ id: number }>).map((card) => card.id)).toContain(spared.id);
  }, 300_000);
});
