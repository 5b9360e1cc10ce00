import sharp from 'sharp';
import { eventually } from '@nocturne/platform/testing';
import { startInProcessStack, type InProcessStack, type Member } from '../support';

// The media routes (/api/photos, /api/avatars, /api/placeholder) seen from outside, as an attacker with
// curl sees them: what reaches the profile subgraph, and who may see whose pictures.

let stack: InProcessStack;

beforeAll(async () => {
  stack = await startInProcessStack('media-proxy');
});

afterAll(() => stack?.stop());

const api = () => stack.request();
const signUp = () => stack.signUpWithProfile();
/** Onboarded: pictures are shown only between people who finished onboarding. */
const member = (gender = 'Female') => stack.member({ gender });
const graphql = (member: Member, query: string, variables?: Record<string, unknown>) => member.graphql(query, variables);

/** What an attacker posts to the profile subgraph's GraphQL if a media path leads there. */
const probe = (id: number) => JSON.stringify({ query: `{ _entities(representations: [{ __typename: "User", id: ${id} }]) { ... on User { bio kinks interests gender } } _service { sdl } }` });

describe('the media proxy', () => {
  let victim: Member;
  beforeAll(async () => {
    victim = await signUp();
    const onboarded = await graphql(victim, 'mutation($input: OnboardingInput!) { completeOnboarding(input: $input) { id } }', {
      input: { gender: 'Female', kinks: ['Rope Play'], interests: ['Astronomy'], bio: 'A secret only members may read.' },
    });
    expect(onboarded.body.errors).toBeUndefined();
  });

  it.each([
    '/api/photos/%2e%2e/graphql',
    '/api/photos/%2E%2E/graphql',
    '/api/placeholder/%2e%2e/graphql',
    '/api/avatars/%2e%2e/graphql',
    '/api/photos/..%2fgraphql',
    '/api/photos/%2e%2e%2fgraphql',
    '/api/avatars/1/..%2f..%2fgraphql',
    '/api/photos/%2e%2e%5cgraphql',
    '/api/photos/../graphql',
    '/api/photos//graphql',
    '/api/photos/./graphql',
  ])('never reaches a GraphQL endpoint through %s', async (target) => {
    // supertest keeps the path as written (no normalisation of dots), as curl --path-as-is does.
    const post = await api().post(target).set('Origin', stack.url).set('Content-Type', 'application/json').send(probe(victim.id));
    expect([404, 405]).toContain(post.status);
    expect(post.text).not.toContain('secret only members');
    expect(post.text).not.toContain('_service');
    const get = await api().get(`${target}?query=${encodeURIComponent('{ _service { sdl } }')}`);
    expect([404, 405]).toContain(get.status);
    expect(get.text).not.toContain('sdl');
  });

  it('forwards only the declared shapes: unknown sizes, ids and extra segments answer 404', async () => {
    const member = await signUp();
    for (const target of ['/api/photos/abc/display', `/api/photos/${'a'.repeat(32)}/original`, '/api/avatars/0', '/api/avatars/abc', '/api/placeholder/10', '/api/placeholder/10/10/10', '/api/avatars/1/extra']) {
      const res = await member.get(target);
      expect({ target, status: res.status }).toEqual({ target, status: 404 });
    }
    expect((await member.put('/api/avatars/1')).status).toBe(405);
  });

  it("keeps the service's security headers on images: a sandboxing CSP, CORP and nosniff", async () => {
    const res = await api().get('/api/placeholder/40/30');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('who may see whose pictures', () => {
  const photoOf = async (member: Member) => {
    const data = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#203050' } }).jpeg().toBuffer();
    const res = await member.post('/api/photos').attach('photos', data, 'night.jpg');
    expect(res.status).toBe(201);
    return res.body.added[0].url as string;
  };

  it('answers 404 for the avatar of someone who does not exist, and 200 for a member', async () => {
    const viewer = await member();
    const other = await member('Male');
    expect((await viewer.get(`/api/avatars/${other.id}`)).status).toBe(200);
    expect((await viewer.get(`/api/avatars/${viewer.id}`)).status).toBe(200);
    expect((await viewer.get(`/api/avatars/${other.id + 100_000}`)).status).toBe(404);
  });

  it('answers 404 for the avatar of a deleted member', async () => {
    const viewer = await member();
    const leaving = await member('Male');
    expect((await viewer.get(`/api/avatars/${leaving.id}`)).status).toBe(200);
    const deleted = await leaving.delete('/api/account').set('Content-Type', 'application/json').send('{}');
    expect(deleted.status).toBe(200);
    await eventually(async () => expect((await viewer.get(`/api/avatars/${leaving.id}`)).status).toBe(404));
  });

  it('hides the photos and avatar of a blocked person from the one who blocked, and the other way round', async () => {
    const blocker = await member();
    const blocked = await member('Male');
    const photo = await photoOf(blocked);
    const ownPhoto = await photoOf(blocker);
    expect((await blocker.get(photo)).status).toBe(200);
    const block = await graphql(blocker, 'mutation($userId: Int!) { block(userId: $userId) }', { userId: blocked.id });
    expect(block.body.errors).toBeUndefined();
    await eventually(async () => expect((await blocker.get(photo)).status).toBe(404));
    expect((await blocker.get(`/api/avatars/${blocked.id}`)).status).toBe(404);
    expect((await blocked.get(ownPhoto)).status).toBe(404);
    expect((await blocked.get(`/api/avatars/${blocker.id}`)).status).toBe(404);
    // Each still sees their own.
    expect((await blocked.get(photo)).status).toBe(200);
  });
});
