import { Messages, SwipeMessages } from '@nocturne/contracts';
import { eventually } from '@nocturne/platform/testing';
import { startInProcessStack, type InProcessStack, type Member } from '../support';

// What the REST facade answers for a swipe, byte for byte where it matters: who may swipe, the errors of
// the catalogue, the answer of a like and of a match (which takes the other person's name and photo from
// other services), an idempotent retry. It pins the behaviour of the route whatever way the gateway runs
// its GraphQL operation (through Apollo Server or a kept query plan).
let stack: InProcessStack;

beforeAll(async () => {
  stack = await startInProcessStack('rest-answers', { env: { SWIPE_WINDOW: 'always' } });
}, 60_000);

afterAll(() => stack?.stop());

jest.setTimeout(60_000);

const member = (gender = 'Female') => stack.member({ gender, position: [52.52, 13.405] });
const swipeBody = (who: Member, swipedId: number, extra: object = {}) => ({ swiperId: who.id, swipedId, isLike: true, timestamp: new Date().toISOString(), ...extra });
const deckIds = async (who: Member) => ((await who.get('/api/profiles?limit=50')).body as Array<{ id: number }>).map((card) => card.id);
const likesUsed = async (who: Member) => ((await who.get('/api/quota')).body as { likesUsed: number }).likesUsed;
const quotaShape = { plan: 'free', night: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), likesPerNight: expect.any(Number), likesUsed: expect.any(Number), likesRemaining: expect.any(Number), superLikesPerNight: expect.any(Number), superLikesUsed: 0, resetsAt: expect.any(String) };

describe('POST /api/swipes answers', () => {
  it('a like: 200 with exactly isMatch, matchId, match and the quota', async () => {
    const [a, b] = [await member(), await member('Male')];
    await eventually(async () => expect(await deckIds(a)).toContain(b.id));
    const answer = await a.post('/api/swipes', swipeBody(a, b.id));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ isMatch: false, matchId: null, match: null, quota: { ...quotaShape, likesUsed: 1 } });
    expect(Object.keys(answer.body.quota).sort()).toEqual(Object.keys(quotaShape).sort());
  });

  it("a match: the other person's id, name and photo, from the services that own them", async () => {
    const [a, b] = [await member(), await member('Male')];
    await eventually(async () => expect(await deckIds(a)).toContain(b.id));
    expect((await a.post('/api/swipes', swipeBody(a, b.id))).status).toBe(200);
    const answer = await b.post('/api/swipes', swipeBody(b, a.id));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      isMatch: true,
      matchId: expect.any(Number),
      match: { id: answer.body.matchId, user1Id: Math.min(a.id, b.id), user2Id: Math.max(a.id, b.id), createdAt: expect.any(String), superLikedYou: false, otherUser: { id: a.id, name: a.person.name, photo: expect.stringMatching(/^\/api\//) } },
      quota: { ...quotaShape, likesUsed: 1 },
    });
  });

  it('signed out: 401 with the catalogue message, before the body is read', async () => {
    const [a, b] = [await member(), await member('Male')];
    const answer = await stack.client().post('/api/swipes', swipeBody(a, b.id));
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: Messages.signedOut });
    const forged = await stack.client().post('/api/swipes', swipeBody(a, b.id)).set('Cookie', 'nocturne_session=not-a-session');
    expect(forged.status).toBe(401);
    expect(await likesUsed(a)).toBe(0);
  });

  it("on someone else's behalf: 403, the same answer whoever is named, and nothing counted", async () => {
    const [a, b, c] = [await member(), await member('Male'), await member('Male')];
    await eventually(async () => expect(await deckIds(a)).toContain(c.id));
    const forbidden = { error: Messages.forbidden };
    for (const swiperId of [b.id, 999_999, 0, -1]) {
      const answer = await a.post('/api/swipes', { ...swipeBody(a, c.id), swiperId });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual(forbidden);
    }
    const asString = await a.post('/api/swipes', { ...swipeBody(a, c.id), swiperId: String(a.id) });
    expect(asString.status).toBe(403);
    expect(asString.body).toEqual(forbidden);
    expect(await likesUsed(a)).toBe(0);
    expect(await likesUsed(b)).toBe(0);
  });

  it('an unknown person and a blocked one: the same 404, nothing counted', async () => {
    const [a, b, blocker] = [await member(), await member('Male'), await member('Male')];
    await eventually(async () => expect(await deckIds(a)).toEqual(expect.arrayContaining([b.id, blocker.id])));
    const unknown = await a.post('/api/swipes', swipeBody(a, 999_999));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: SwipeMessages.unknownPerson });
    expect((await a.post('/api/blocks', { userId: b.id })).status).toBe(201);
    expect((await blocker.post('/api/blocks', { userId: a.id })).status).toBe(201);
    for (const other of [b, blocker]) {
      const answer = await a.post('/api/swipes', swipeBody(a, other.id));
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(unknown.body);
    }
    expect(await likesUsed(a)).toBe(0);
  });

  it('a bad body: 400 with the catalogue message and the field, nothing counted', async () => {
    const [a, b] = [await member(), await member('Male')];
    const cases: Array<[object, object]> = [
      [{ ...swipeBody(a, b.id), isLike: 'yes' }, { error: 'isLike must be true or false', field: 'isLike' }],
      [{ ...swipeBody(a, b.id), swipedId: 'x' }, { error: expect.stringMatching(/^swipedId must be a user id/), field: 'swipedId' }],
      [{ swiperId: a.id, isLike: true }, { error: expect.stringMatching(/^swipedId must be/), field: 'swipedId' }],
      [swipeBody(a, a.id), { error: SwipeMessages.self, field: 'swipedId' }],
    ];
    for (const [body, expected] of cases) {
      const answer = await a.post('/api/swipes', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(expected);
    }
    const notJson = await a.post('/api/swipes', '{"swiperId":').set('Content-Type', 'application/json');
    expect(notJson.status).toBe(400);
    expect(notJson.body).toEqual({ error: 'Malformed JSON body' });
    expect(await likesUsed(a)).toBe(0);
  });

  it('an idempotent retry: the kept answer, marked replayed, counted once; the key for another swipe 422', async () => {
    const [a, b, c] = [await member(), await member('Male'), await member('Male')];
    await eventually(async () => expect(await deckIds(a)).toEqual(expect.arrayContaining([b.id, c.id])));
    const body = swipeBody(a, b.id);
    const first = await a.post('/api/swipes', body).set('Idempotency-Key', 'swipe-1');
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await a.post('/api/swipes', body).set('Idempotency-Key', 'swipe-1');
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    const other = await a.post('/api/swipes', swipeBody(a, c.id)).set('Idempotency-Key', 'swipe-1');
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ error: 'This Idempotency-Key was already used for a different request' });
    // A refused swipe keeps nothing under its key: the retry runs again and is refused again.
    for (let i = 0; i < 2; i++) {
      const refused = await a.post('/api/swipes', swipeBody(a, 999_999)).set('Idempotency-Key', 'swipe-2');
      expect(refused.status).toBe(404);
      expect(refused.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(await likesUsed(a)).toBe(1);
  });
});
