import { swipeEnvironmentSchema } from '@nocturne/swipe';
import { eventually } from '@nocturne/platform/testing';
import { startInProcessStack, type InProcessStack, type Member } from '../support';

// Deck reads and passes per person, as shipped, over HTTP against the embedded stack: what makes
// crawling the deck slow, while nobody reading cards ever meets it.
const shipped = swipeEnvironmentSchema.parse({ INTERNAL_SECRET: 'x'.repeat(32) });
const DECK_READS = shipped.SWIPE_DECK_READS_PER_MINUTE;
const PASSES = shipped.SWIPE_PASSES_PER_MINUTE;

let stack: InProcessStack;

beforeAll(async () => {
  // The limits as shipped, not the suites' unlimited ones.
  stack = await startInProcessStack('crawl-limits', { env: { SWIPE_WINDOW: 'always', SWIPE_DECK_READS_PER_MINUTE: undefined, SWIPE_PASSES_PER_MINUTE: undefined } });
}, 60_000);

afterAll(() => stack?.stop());

jest.setTimeout(60_000);

const readDeck = (who: Member) => who.get('/api/profiles?limit=50');
const pass = (who: Member, swipedId: number) => who.post('/api/swipes', { swiperId: who.id, swipedId, isLike: false, timestamp: new Date().toISOString() });
const deckIds = async (who: Member) => {
  const res = await readDeck(who);
  expect(res.status).toBe(200);
  return (res.body as Array<{ id: number }>).map((card) => card.id);
};
/** A refusal of the one rate limiter: 429, a whole number of seconds in Retry-After, at most the window. */
const expectRateLimited = (res: { status: number; headers: Record<string, string>; body: unknown }) => {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ error: expect.stringMatching(/too many/i) });
  const wait = Number(res.headers['retry-after']);
  expect(Number.isInteger(wait) && wait >= 1 && wait <= 60).toBe(true);
};

describe('what crawling the deck costs', () => {
  it(`ships limits nobody reading cards meets: ${DECK_READS} deck reads and ${PASSES} passes a minute`, () => {
    expect({ DECK_READS, PASSES }).toEqual({ DECK_READS: 30, PASSES: 90 });
  });

  it('answers deck reads past the limit with 429 and Retry-After, on REST and GraphQL alike and for parallel requests, and leaves others be', async () => {
    const reader = await stack.member();
    const other = await stack.member();
    // Parallel reads cannot all slip past the count: exactly the limit gets through.
    const answers = await Promise.all(Array.from({ length: DECK_READS + 10 }, () => readDeck(reader)));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(DECK_READS);
    for (const refused of answers.filter((res) => res.status !== 200)) expectRateLimited(refused);
    const graphql = await reader.graphql('{ deck(limit: 5) { cards { user { id } } } }');
    expect(graphql.body.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await readDeck(other)).status).toBe(200);

    // Each aliased field of one GraphQL request is a read of its own.
    for (let read = 2; read < DECK_READS; read++) expect((await readDeck(other)).status).toBe(200);
    const aliased = await other.graphql('{ a: deck(limit: 1) { restarted } b: deck(limit: 1) { restarted } }');
    expect(aliased.body.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expectRateLimited(await readDeck(other));
  });

  it('answers passes past the limit with 429 and Retry-After and records nothing of them', async () => {
    const swiper = await stack.member();
    const [passed, spared] = [await stack.member({ gender: 'Male' }), await stack.member({ gender: 'Male' })];
    // A few reads of the deck while the two arrive: well within its own limit.
    await eventually(async () => expect(await deckIds(swiper)).toEqual(expect.arrayContaining([passed.id, spared.id])), { intervalMs: 300, timeoutMs: 8_000 });
    for (let i = 0; i < PASSES; i++) expect((await pass(swiper, passed.id)).status).toBe(200);
    expectRateLimited(await pass(swiper, spared.id));
    const ids = await deckIds(swiper);
    expect(ids).toContain(spared.id);
    expect(ids).not.toContain(passed.id);
    // Likes are limited by the plan's quota instead, and still go through.
    expect((await swiper.post('/api/swipes', { swiperId: swiper.id, swipedId: spared.id, isLike: true })).status).toBe(200);
  });
});
