import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { eventually } from '@nocturne/platform/testing';
import { startEmbeddedStack, type EmbeddedStack } from './embedded';

// The swipe calls of the REST facade, over HTTP against the whole embedded stack (spec point 7).
let stack: EmbeddedStack;
let dataDir: string;
let counter = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'nocturne-swipe-routes-'));
  const frontendDir = path.join(dataDir, 'frontend');
  mkdirSync(frontendDir);
  writeFileSync(path.join(frontendDir, 'index.html'), '<!doctype html><html><head><title>Nocturne</title></head><body></body></html>');
  stack = await startEmbeddedStack({ port: 0, host: '127.0.0.1', dataDir, subgraphPorts: 'free', frontendDir, env: { LOG_LEVEL: 'silent', SWIPE_WINDOW: 'always' } });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

jest.setTimeout(60_000);

const api = () => request(stack.url);
interface Member {
  id: number;
  cookie: string;
}

/** Signs up, onboards, and shares a position near Berlin; waits until the deck service knows them. */
async function member(gender = 'Female', position: [number, number] = [52.52, 13.405]): Promise<Member> {
  counter += 1;
  const tag = `${Date.now().toString(36).slice(-5)}${counter}`;
  const res = await api().post('/api/auth/signup').send({ username: `owl${tag}`, email: `owl.${tag}@example.test`, password: 'moonlight42', name: `Owl ${counter}`, age: 30 });
  expect(res.status).toBe(201);
  const cookie = (res.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  const id = res.body.user.id as number;
  const write = (method: 'patch' | 'post', url: string, body: object) => api()[method](url).set('Cookie', cookie).set('Origin', stack.url).send(body);
  await eventually(async () => expect((await write('patch', `/api/user/${id}`, { gender, kinks: ['Rope Play'], interests: ['Art'], bio: 'Night owl.' })).status).toBe(200));
  expect((await write('post', '/api/update-location', { latitude: position[0], longitude: position[1] })).status).toBe(200);
  return { id, cookie };
}

const get = (who: Member | null, url: string) => {
  const req = api().get(url);
  return who ? req.set('Cookie', who.cookie) : req;
};
const post = (who: Member | null, url: string, body: object) => {
  const req = api().post(url).set('Origin', stack.url);
  return (who ? req.set('Cookie', who.cookie) : req).send(body);
};
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
    const filters = { gender: 'Male', ageRange: [25, 45], distance: 30, city: '', kinks: [], interests: [] };
    const put = await api().put('/api/deck-filters').set('Cookie', a.cookie).set('Origin', stack.url).send(filters);
    expect(put.status).toBe(200);
    expect(put.body).toEqual(filters);
    expect((await get(a, '/api/deck-filters')).body).toEqual(filters);
    const advanced = await api().put('/api/deck-filters').set('Cookie', a.cookie).set('Origin', stack.url).send({ ...filters, kinks: ['Rope Play'] });
    expect(advanced.status).toBe(403);
    expect(advanced.body.code).toBe('advanced-filters');
    const invalid = await api().put('/api/deck-filters').set('Cookie', a.cookie).set('Origin', stack.url).send({ ...filters, distance: 500 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.field).toBe('distance');
  });
});
