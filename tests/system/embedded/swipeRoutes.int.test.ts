import sharp from 'sharp';
import { Messages, SwipeMessages } from '@nocturne/contracts';
import { eventually } from '@nocturne/platform/testing';
import { startInProcessStack, type InProcessStack, type Member } from '../support';

// The swipe calls of the REST facade, over HTTP against the whole embedded stack (spec point 7).
let stack: InProcessStack;

beforeAll(async () => {
  stack = await startInProcessStack('swipe-routes', { env: { SWIPE_WINDOW: 'always' } });
}, 60_000);

afterAll(() => stack?.stop());

jest.setTimeout(60_000);

/** Signs up, onboards, and shares a position near Berlin; waits until the deck service knows them. */
const member = (gender = 'Female', position: [number, number] = [52.52, 13.405]) => stack.member({ gender, position });
const get = (who: Member | null, url: string) => (who ?? stack.client()).get(url);
const post = (who: Member | null, url: string, body: object) => (who ?? stack.client()).post(url, body);
const swipe = (who: Member, swipedId: number, isLike = true, extra: object = {}) => post(who, '/api/swipes', { swiperId: who.id, swipedId, isLike, timestamp: new Date().toISOString(), ...extra });
const deckIds = async (who: Member) => {
  const res = await get(who, '/api/profiles?limit=50');
  expect(res.status).toBe(200);
  return (res.body as Array<{ id: number }>).map((profile) => profile.id);
};

describe('the swipe calls of the REST facade', () => {
  it('lists deck profiles in the spec shape, with a distance in whole km and never the exact position', async () => {
    const a = await member();
    const b = await member('Male', [52.53, 13.41]);
    await eventually(async () => expect(await deckIds(a)).toContain(b.id));
    const profiles = (await get(a, '/api/profiles?limit=50')).body as Array<Record<string, unknown>>;
    const card = profiles.find((profile) => profile.id === b.id)!;
    expect(card).toEqual({
      id: b.id,
      username: expect.any(String),
      name: expect.any(String),
      age: 30,
      photos: [],
      bio: 'Night owl.',
      kinks: ['Rope Play'],
      interests: ['Art'],
      location: null,
      distance: expect.any(Number),
      isOnline: expect.any(Boolean),
      isVerified: false,
      nightOwlScore: 5,
      superLikedYou: false,
      sharedKinks: ['Rope Play'],
      photosHidden: false,
      voiceIntro: null,
    });
    expect(Number.isInteger(card.distance)).toBe(true);
    expect(JSON.stringify(profiles)).not.toMatch(/52\.53|13\.41|latitude|longitude/);
  });

  it('answers isMatch to the second of two likes, and both see the match with the other person', async () => {
    const a = await member();
    const b = await member('Male');
    await eventually(async () => expect(await deckIds(a)).toContain(b.id));
    const first = await swipe(a, b.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ isMatch: false, matchId: null });
    const second = await swipe(b, a.id);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ isMatch: true, matchId: expect.any(Number), match: { otherUser: { id: a.id, name: expect.any(String), photo: expect.stringMatching(/^\/api\//) } } });
    const matchesOfA = await get(a, `/api/matches/${a.id}`);
    expect(matchesOfA.status).toBe(200);
    expect(matchesOfA.body).toEqual([
      { id: second.body.matchId, user1Id: Math.min(a.id, b.id), user2Id: Math.max(a.id, b.id), createdAt: expect.any(String), otherUser: { id: b.id, name: expect.any(String), photo: expect.any(String) }, superLikedYou: false },
    ]);
    const me = await get(b, '/api/auth/user');
    expect(me.body.user.stats).toEqual({ likes: 1, matches: 1 });
  });

  it('answers the same to the same swipe sent twice, and counts it once', async () => {
    const a = await member();
    const b = await member('Male');
    await eventually(async () => expect(await deckIds(a)).toContain(b.id));
    const timestamp = new Date().toISOString();
    const [first, again] = [await swipe(a, b.id, true, { timestamp }), await swipe(a, b.id, true, { timestamp })];
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual(first.body);
    expect((await get(a, '/api/quota')).body).toMatchObject({ likesUsed: 1 });
  });

  it("answers 401, 403, 400 and 404 in the documented order and changes nothing", async () => {
    const a = await member();
    const b = await member('Male');
    expect((await post(null, '/api/swipes', { swiperId: a.id, swipedId: b.id, isLike: true })).status).toBe(401);
    const other = await post(a, '/api/swipes', { swiperId: b.id, swipedId: 'x' });
    expect(other.status).toBe(403);
    const bad = await post(a, '/api/swipes', { swiperId: a.id, swipedId: b.id, isLike: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('isLike');
    const self = await swipe(a, a.id);
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ error: "You can't swipe on yourself", field: 'swipedId' });
    expect((await swipe(a, 999_999)).status).toBe(404);
    expect((await get(a, `/api/matches/${b.id}`)).status).toBe(403);
    expect((await get(a, '/api/quota')).body).toMatchObject({ likesUsed: 0 });
  });

  it('refuses a super-like on the free plan with its limit code, and allows it after choosing Plus', async () => {
    const a = await member();
    const b = await member('Male');
    await eventually(async () => expect(await deckIds(a)).toContain(b.id));
    const refused = await swipe(a, b.id, true, { isSuperLike: true });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Super-Likes used up!', code: 'super-likes-used' });
    const plan = await post(a, '/api/plan', { plan: 'plus', billing: 'monthly' });
    expect(plan.body).toEqual({ plan: 'plus', billing: 'monthly', expiresAt: null, isPremium: true });
    expect((await swipe(a, b.id, true, { isSuperLike: true })).status).toBe(200);
    expect((await get(a, '/api/plan')).body.plan).toBe('plus');
  });

  it('keeps deck filters on the server and refuses kink filters without Max', async () => {
    const a = await member();
    const filters = { gender: 'Male', ageRange: [25, 45], distance: 30, city: '', kinks: [], interests: [], nightOwl: false };
    const put = await a.put('/api/deck-filters').send(filters);
    expect(put.status).toBe(200);
    // Voice-only matches (Max) are off unless chosen.
    expect(put.body).toEqual({ ...filters, voiceOnly: false });
    expect((await get(a, '/api/deck-filters')).body).toEqual({ ...filters, voiceOnly: false });
    const advanced = await a.put('/api/deck-filters').send({ ...filters, kinks: ['Rope Play'] });
    expect(advanced.status).toBe(403);
    expect(advanced.body.code).toBe('advanced-filters');
    const invalid = await a.put('/api/deck-filters').send({ ...filters, distance: 500 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.field).toBe('distance');
  });

  it('shows a kink kept for people who share it only to them: deck profiles over REST, matches over GraphQL, and the kink filter', async () => {
    const graphql = (who: Member, query: string, variables: object = {}) => who.post('/graphql').send({ query, variables });
    const editKinks = async (who: Member, kinks: string[]) =>
      expect((await who.patch(`/api/user/${who.id}`).send({ gender: 'Male', kinks, interests: ['Art'], bio: 'Night owl.' })).status).toBe(200);
    const hider = await member('Male', [52.51, 13.4]);
    await editKinks(hider, ['Rope Play', 'Leather & Latex']);
    const hidden = await graphql(hider, 'mutation ($input: KinkVisibilityInput!) { setKinkVisibility(input: $input) { kinkVisibility { audience } } }', {
      input: { audience: 'EVERYONE', perKink: [{ kink: 'Leather & Latex', audience: 'SHARERS' }] },
    });
    expect(hidden.body.errors).toBeUndefined();
    const plain = await member();
    const sharer = await member();
    await editKinks(sharer, ['Leather & Latex']);
    const cardOf = async (who: Member) => ((await get(who, '/api/profiles?limit=50')).body as Array<{ id: number; kinks: string[]; sharedKinks: string[] }>).find((profile) => profile.id === hider.id);
    await eventually(async () => expect(await cardOf(plain)).toMatchObject({ kinks: ['Rope Play'], sharedKinks: ['Rope Play'] }));
    await eventually(async () => expect(await cardOf(sharer)).toMatchObject({ kinks: ['Rope Play', 'Leather & Latex'], sharedKinks: ['Leather & Latex'] }));

    expect((await swipe(plain, hider.id)).status).toBe(200);
    expect((await swipe(hider, plain.id)).body.isMatch).toBe(true);
    const matches = await graphql(plain, '{ matches { otherUser { id kinks } } }');
    expect(matches.body.data.matches).toContainEqual({ otherUser: { id: hider.id, kinks: ['Rope Play'] } });
    expect(JSON.stringify(matches.body)).not.toContain('Leather');

    // With Max, the kink filter finds the hider only for someone who shares the hidden kink.
    const stranger = await member();
    await eventually(async () => expect(await deckIds(stranger)).toContain(hider.id));
    for (const who of [stranger, sharer]) expect((await post(who, '/api/plan', { plan: 'max' })).status).toBe(200);
    const filters = { gender: 'Male', ageRange: [18, 60], distance: 50, city: '', kinks: ['Leather & Latex'], interests: [] };
    for (const who of [stranger, sharer]) expect((await who.put('/api/deck-filters').send(filters)).status).toBe(200);
    expect(await deckIds(stranger)).not.toContain(hider.id);
    expect(await deckIds(sharer)).toContain(hider.id);
  });

  it('tells a free plan only how many people liked them: the same bytes whoever liked them, nothing to match against a deck photo; Plus shows who', async () => {
    // Likers with a photo each, uploaded before their profile is saved: whatever the deck learns of them
    // comes with their profile.
    const likerWithPhoto = async (color: { r: number; g: number; b: number }) => {
      const liker = await stack.signUpWithProfile();
      const photo = await sharp({ create: { width: 480, height: 600, channels: 3, background: color } }).jpeg().toBuffer();
      expect((await liker.post('/api/photos').attach('photos', photo, { filename: 'me.jpg', contentType: 'image/jpeg' })).status).toBe(201);
      expect((await liker.patch(`/api/user/${liker.id}`, { gender: 'Male', kinks: ['Rope Play'], interests: ['Art'], bio: 'Night owl.' })).status).toBe(200);
      expect((await post(liker, '/api/update-location', { latitude: 52.52, longitude: 13.405 })).status).toBe(200);
      return liker;
    };
    const [rigel, deneb] = [await likerWithPhoto({ r: 200, g: 120, b: 40 }), await likerWithPhoto({ r: 20, g: 90, b: 220 })];
    const [vega, lyra, both] = [await member(), await member(), await member()];
    const likes = async (who: Member) => {
      const res = await get(who, '/api/likes');
      expect(res.status).toBe(200);
      return res.text;
    };
    const like = async (liker: Member, liked: Member) => {
      await eventually(async () => expect(await deckIds(liker)).toContain(liked.id));
      expect((await swipe(liker, liked.id)).status).toBe(200);
    };
    await like(rigel, vega);
    await like(deneb, lyra);
    await like(rigel, both);
    await like(deneb, both);

    const one = await likes(vega);
    expect(JSON.parse(one)).toEqual({ visible: false, count: 1, likes: [] });
    expect(await likes(lyra)).toBe(one);
    expect(await likes(both)).toBe(one.replace('"count":1', '"count":2'));
    // No address of any picture to fetch and compare with the deck's photos.
    const deckPhotos = async () => ((await get(vega, '/api/profiles?limit=50')).body as Array<{ id: number; photos: string[] }>).filter((card) => [rigel.id, deneb.id].includes(card.id)).flatMap((card) => card.photos);
    await eventually(async () => expect(await deckPhotos()).toHaveLength(2));
    expect(one).not.toMatch(/\/api\/|photo|blurred/);
    // Passing the likers one by one finds neither: the count answers only what the person sees anyway.
    expect((await swipe(both, rigel.id, false)).status).toBe(200);
    expect(await likes(both)).toBe(one.replace('"count":1', '"count":2'));

    const plus = await member();
    expect((await post(plus, '/api/plan', { plan: 'plus', billing: 'monthly' })).status).toBe(200);
    await like(rigel, plus);
    expect(JSON.parse(await likes(plus))).toEqual({
      visible: true,
      count: 1,
      likes: [{ superLike: false, likedAt: expect.any(String), user: { id: rigel.id, name: rigel.person.name, photo: expect.stringMatching(/^\/api\/photos\/[a-f0-9]{32}\/thumb$/) } }],
    });
  });

  it('answers a deck profile with the city its person chose as its location, never their place text', async () => {
    const viewer = await member();
    const shown = await member('Male', [52.515, 13.39]);
    expect((await shown.patch(`/api/users/${shown.id}/location`).send({ latitude: 52.515, longitude: 13.39, location: 'Friedrichstrasse 43' })).status).toBe(200);
    const city = await shown.post('/graphql').send({ query: 'mutation { setPublicCity(city: "Berlin") { publicCity } }' });
    expect(city.body.data).toEqual({ setPublicCity: { publicCity: 'Berlin' } });
    const card = async () => ((await get(viewer, '/api/profiles?limit=50')).body as Array<{ id: number; location: string | null; distance: number | null }>).find((profile) => profile.id === shown.id);
    await eventually(async () => expect(await card()).toMatchObject({ location: 'Berlin', distance: expect.any(Number) }));
    expect(JSON.stringify((await get(viewer, '/api/profiles?limit=50')).body)).not.toContain('Friedrichstrasse');
  });

  it('ends a match and blocks someone over REST, refusing strangers, unknown ids and bad bodies and changing nothing then', async () => {
    const a = await member();
    const b = await member('Male');
    const c = await member('Male');
    await eventually(async () => expect(await deckIds(a)).toEqual(expect.arrayContaining([b.id, c.id])));
    expect((await swipe(a, b.id)).status).toBe(200);
    const matchId = (await swipe(b, a.id)).body.matchId as number;

    expect((await post(null, '/api/unmatch', { matchId })).status).toBe(401);
    expect((await post(a, '/api/unmatch', { matchId: 'x' })).body).toEqual({ error: 'matchId must be a match id', field: 'matchId' });
    const unknown = await post(a, '/api/unmatch', { matchId: 999_999 });
    expect(unknown.status).toBe(404);
    const notTheirs = await post(c, '/api/unmatch', { matchId });
    expect([notTheirs.status, notTheirs.body]).toEqual([unknown.status, unknown.body]);
    expect((await get(b, `/api/matches/${b.id}`)).body).toHaveLength(1);

    const ended = await post(a, '/api/unmatch', { matchId });
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ unmatched: true });
    expect((await get(b, `/api/matches/${b.id}`)).body).toEqual([]);
    expect((await post(b, '/api/unmatch', { matchId })).status).toBe(404);

    expect((await post(null, '/api/blocks', { userId: c.id })).status).toBe(401);
    expect((await post(a, '/api/blocks', { userId: a.id })).body).toEqual({ error: "You can't block yourself", field: 'userId' });
    expect((await post(a, '/api/blocks', { userId: 999_999 })).status).toBe(404);
    expect(await deckIds(a)).toContain(c.id);
    const blocked = await post(a, '/api/blocks', { userId: c.id });
    expect(blocked.status).toBe(201);
    expect(blocked.body).toEqual({ blocked: true });
    expect((await post(a, '/api/blocks', { userId: c.id })).status).toBe(201);
    expect(await deckIds(a)).not.toContain(c.id);
    expect(await deckIds(c)).not.toContain(a.id);
  });
});

// What the REST facade answers for a swipe, byte for byte where it matters: who may swipe, the errors of
// the catalogue, the answer of a like and of a match (which takes the other person's name and photo from
// other services), an idempotent retry. It pins the behaviour of the route whatever way the gateway runs
// its GraphQL operation (through Apollo Server or a kept query plan).
const swipeBody = (who: Member, swipedId: number, extra: object = {}) => ({ swiperId: who.id, swipedId, isLike: true, timestamp: new Date().toISOString(), ...extra });
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
