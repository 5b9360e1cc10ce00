import sharp from 'sharp';
import { eventually } from '@nocturne/platform/testing';
import { startInProcessStack, type InProcessStack, type Member } from '../support';

// Voice-only matches (Max): a deck option under which the deck's cards carry voice intros and no photo
// URL; photos appear once the two match.
let stack: InProcessStack;
beforeAll(async () => {
  stack = await startInProcessStack('voice-only', { env: { SWIPE_WINDOW: 'always' } });
}, 60_000);
afterAll(() => stack?.stop());
jest.setTimeout(60_000);

const filters = { gender: 'all', ageRange: [18, 60], distance: 50, city: '', kinks: [], interests: [] };
const image = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#402060' } }).jpeg().toBuffer();
/** A WebM of two seconds, shaped as MediaRecorder writes it. */
const recording = () =>
  Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x80, 0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xe7, 0x82, 0x00, 0x00, 0xa3, 0x87, 0x81, 0x07, 0xd0, 0x80, 1, 2, 3,
  ]);

type Card = { id: number; photos: string[]; photosHidden: boolean; voiceIntro: { url: string; durationSeconds: number } | null };
const cardOf = async (viewer: Member, subject: Member) => ((await viewer.get('/api/profiles?limit=50').expect(200)).body as Card[]).find((card) => card.id === subject.id);

describe('voice-only matches', () => {
  it('for Max: the deck gives voice intros and no photo URL; once matched, the photos are there', async () => {
    const listener = await stack.member({ gender: 'Male' });
    const speaker = await stack.member({ gender: 'Female' });
    const photos = (await speaker.post('/api/photos').attach('photos', await image(), 'me.jpg').expect(201)).body.photos as Array<{ url: string; thumbnailUrl: string }>;
    const intro = (await speaker.post('/api/voice-intros').attach('voiceIntro', recording(), 'intro.webm').expect(201)).body.voiceIntro as { url: string };
    expect((await listener.post('/api/plan', { plan: 'max', billing: 'monthly' })).status).toBe(200);

    await eventually(async () => expect((await cardOf(listener, speaker))?.photos).toEqual([photos[0]!.url]));
    const set = await listener.put('/api/deck-filters', { ...filters, voiceOnly: true });
    expect([set.status, set.body.voiceOnly]).toEqual([200, true]);
    expect((await listener.get('/api/deck-filters')).body.voiceOnly).toBe(true);
    const card = await cardOf(listener, speaker);
    expect(card).toMatchObject({ photos: [], photosHidden: true, voiceIntro: { url: intro.url, durationSeconds: 2 } });
    expect(JSON.stringify(await listener.get('/api/profiles?limit=50').then((res) => res.body))).not.toContain('/api/photos/');
    expect((await listener.get(intro.url)).status).toBe(200);

    // A match: photos for both.
    const like = (from: Member, to: Member) => from.post('/api/swipes', { swiperId: from.id, swipedId: to.id, isLike: true, timestamp: new Date().toISOString() });
    expect((await like(listener, speaker)).status).toBe(200);
    expect((await like(speaker, listener)).body.isMatch).toBe(true);
    const matches = (await listener.get(`/api/matches/${listener.id}`).expect(200)).body as Array<{ otherUser: { id: number; photo: string } }>;
    expect(matches.find((match) => match.otherUser.id === speaker.id)?.otherUser.photo).toBe(photos[0]!.thumbnailUrl);

    // Turned off: photos on the deck again.
    const viewerAgain = await stack.member({ gender: 'Female' });
    await viewerAgain.post('/api/photos').attach('photos', await image(), 'me.jpg').expect(201);
    await listener.put('/api/deck-filters', { ...filters, voiceOnly: false }).expect(200);
    await eventually(async () => expect((await cardOf(listener, viewerAgain))).toMatchObject({ photosHidden: false, photos: [expect.stringMatching(/^\/api\/photos\//)] }));
  });

  it('is Max only: other plans get the upgrade prompt and the filters stay as they were', async () => {
    const member = await stack.member();
    expect((await member.post('/api/plan', { plan: 'plus', billing: 'weekly' })).status).toBe(200);
    const refused = await member.put('/api/deck-filters', { ...filters, voiceOnly: true });
    expect([refused.status, refused.body]).toEqual([403, { error: 'Voice-only matches come with Max', code: 'advanced-filters' }]);
    expect((await member.get('/api/deck-filters')).body.voiceOnly).toBe(false);
    const overGraphQL = await member.graphql('mutation { setDeckFilters(input: { voiceOnly: true }) { voiceOnly } }');
    expect(overGraphQL.body.errors?.[0]).toMatchObject({ message: 'Voice-only matches come with Max', extensions: { code: 'LIMIT_REACHED', reason: 'advanced-filters' } });
    expect((await member.put('/api/deck-filters', { ...filters, voiceOnly: 'yes' })).body).toEqual({ error: 'Voice-only must be true or false', field: 'voiceOnly' });
  });
});
