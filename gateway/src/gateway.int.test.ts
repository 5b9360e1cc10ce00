import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { authRoutes } from '@nocturne/auth/rest';
import request from 'supertest';
import { WebSocket } from 'ws';
import { createClient } from 'graphql-ws';
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import { INTERNAL_CONTEXT_HEADER, signGraphqlRequest } from '@nocturne/platform/http';
import { InProcessKeyValueStore } from '@nocturne/platform/inprocess';
import { createGateway, type Gateway } from './gateway';
import { authSubgraphSdl } from './testing/authSubgraphSdl';
import { createFakeAuthSubgraph } from './testing/fakeAuthSubgraph';

// The auth service's own REST calls, served over the stand-in auth subgraph.
const restRoutes = authRoutes;

const secret = 'a-test-secret-of-enough-length';
// Only the auth subgraph, so these tests do not depend on the other services of the checked-in supergraph.
const supergraphSdl = composeServices([{ name: 'auth', url: 'http://127.0.0.1:4001/graphql', typeDefs: parse(authSubgraphSdl) }]).supergraphSdl!;
let gateway: Gateway;
let fake: ReturnType<typeof createFakeAuthSubgraph>;
let base: string;
let subgraphUrl: string;

beforeAll(async () => {
  fake = createFakeAuthSubgraph(secret);
  subgraphUrl = (await fake.server.start()).url;
  const frontendDir = mkdtempSync(path.join(tmpdir(), 'nocturne-frontend-'));
  mkdirSync(path.join(frontendDir, 'assets'));
  writeFileSync(path.join(frontendDir, 'index.html'), '<!doctype html><title>Nocturne</title><div id="root"></div>');
  writeFileSync(path.join(frontendDir, 'assets', 'app-1a2b3c.js'), 'console.log("night")');
  writeFileSync(path.join(frontendDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  gateway = createGateway({
    supergraphSdl,
    subgraphUrls: { auth: subgraphUrl },
    internalSecret: secret,
    sessions: fake.sessions,
    sharedStore: new InProcessKeyValueStore(),
    frontendDir,
    host: '127.0.0.1',
    restRoutes,
    proxiedPrefixes: [],
  });
  base = (await gateway.start(0)).url;
});

afterAll(async () => {
  await gateway.stop();
  await fake.server.stop();
});

const person = (tag: string) => ({ username: `owl${tag}`, email: `owl${tag}@example.test`, password: 'moonlight42', name: 'Luna Night', age: 27 });
const cookieOf = (res: request.Response) => {
  const header = res.headers['set-cookie'] as unknown as string[] | undefined;
  return header?.[0];
};

describe('gateway with a stand-in auth subgraph', () => {
  it('signs up over REST, sets the session cookie and never forwards the set-session header', async () => {
    const res = await request(base).post('/api/auth/signup').send({ ...person('a'), age: '30' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ user: { id: expect.any(Number), username: 'owla', email: 'owla@example.test', name: 'Luna Night', age: 30, createdAt: expect.any(String) } });
    const cookie = cookieOf(res)!;
    expect(cookie).toMatch(/^nocturne_session=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(res.headers['x-nocturne-set-session']).toBeUndefined();

    // GET /api/auth/user needs the profile subgraph too (stack tests); the session works on GraphQL alike.
    const me = await request(base).post('/graphql').set('Cookie', cookie.split(';')[0]!).send({ query: '{ me { username } }' });
    expect(me.status).toBe(200);
    expect(me.body.data.me.username).toBe('owla');
  });

  it('marks the cookie Secure when a trusted proxy says the request came over HTTPS', async () => {
    const proxied = createGateway({
      supergraphSdl,
      subgraphUrls: { auth: subgraphUrl },
      internalSecret: secret,
      sessions: fake.sessions,
      sharedStore: new InProcessKeyValueStore(),
      trustProxy: ['loopback'],
      host: '127.0.0.1',
      restRoutes,
      proxiedPrefixes: [],
    });
    const { url } = await proxied.start(0);
    try {
      const res = await request(url).post('/api/auth/signup').set('X-Forwarded-Proto', 'https').send(person('secure'));
      expect(res.status).toBe(201);
      expect(cookieOf(res)).toContain('; Secure');
    } finally {
      await proxied.stop();
    }
  });

  it('maps validation, conflict, credential and rate-limit errors to the design table', async () => {
    const invalid = await request(base).post('/api/auth/signup').send({ ...person('b'), age: 12 });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ error: 'Age must be a whole number from 18 to 99', field: 'age' });

    await request(base).post('/api/auth/signup').send(person('c')).expect(201);
    const duplicate = await request(base).post('/api/auth/signup').send({ ...person('c'), email: 'other@example.test' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ error: 'Username is already taken', field: 'username' });

    const wrong = await request(base).post('/api/auth/signin').send({ username: 'owlc', password: 'not-it' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid username or password' });

    const limited = await request(base).post('/api/auth/signin').send({ username: 'limited', password: 'whatever' });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('42');
    expect(limited.body).toEqual({ error: 'Too many attempts. Please try again later.' });
  });

  it('replaces a context header forged by the client with its own signature', async () => {
    const forged = signGraphqlRequest({ uid: 1, ip: '6.6.6.6' }, secret, JSON.stringify({ query: '{ me { id } }' }));
    const res = await request(base).post('/graphql').set(INTERNAL_CONTEXT_HEADER, forged).send({ query: '{ me { id } }' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ me: null });
    const last = fake.receivedContexts.at(-1)!;
    expect(last.uid).toBeUndefined();
    expect(last.ip).not.toBe('6.6.6.6');
  });

  it('signs out: clears the cookie and ends the session', async () => {
    const signup = await request(base).post('/api/auth/signup').send(person('d'));
    const cookie = cookieOf(signup)!.split(';')[0]!;
    const out = await request(base).post('/api/auth/signout').set('Cookie', cookie).set('Content-Type', 'application/json').send('{}');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    expect(cookieOf(out)).toMatch(/^nocturne_session=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/);
    await request(base).get('/api/auth/user').set('Cookie', cookie).expect(401);
  });

  it('runs GraphQL at /graphql with depth and alias limits and CSRF prevention', async () => {
    const ok = await request(base).post('/graphql').send({ query: '{ me { id } }' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ data: { me: null } });

    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: me { id }`).join(' ');
    const tooMany = await request(base).post('/graphql').send({ query: `{ ${aliases} }` });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0].message).toBe('The operation uses 16 aliases; the limit is 15.');

    const withFragment = await request(base).post('/graphql').send({ query: 'fragment F on User { id } query WithFragment { me { ...F } }' });
    expect(withFragment.status).toBe(200);

    const simple = await request(base).get('/graphql?query=%7B%20me%20%7B%20id%20%7D%20%7D');
    expect(simple.status).toBe(400);
  });

  it('refuses operations nested deeper than the limit (the auth schema is shallow, so the limit is lowered)', async () => {
    const shallow = createGateway({
      supergraphSdl,
      subgraphUrls: { auth: subgraphUrl },
      internalSecret: secret,
      sessions: fake.sessions,
      sharedStore: new InProcessKeyValueStore(),
      host: '127.0.0.1',
      restRoutes,
      proxiedPrefixes: [],
      limits: { maxDepth: 2, maxAliases: 15 },
    });
    const { url } = await shallow.start(0);
    try {
      await request(url).post('/graphql').send({ query: '{ me { id } }' }).expect(200);
      const deep = await request(url)
        .post('/graphql')
        .send({ query: 'mutation Deep { signIn(username: "a", password: "b") { user { id } } }' });
      expect(deep.status).toBe(400);
      expect(deep.body.errors[0].message).toBe("'Deep' is nested 3 levels deep; the limit is 2.");
    } finally {
      await shallow.stop();
    }
  });

  it('refuses a foreign Origin on /graphql mutations', async () => {
    const res = await request(base).post('/graphql').set('Origin', 'https://evil.example').send({ query: 'mutation { signOut }' });
    expect(res.status).toBe(403);
  });

  it('serves the client with client-side routing and cache headers', async () => {
    const page = await request(base).get('/no/such/page');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // Without SWIPE_WINDOW=always the nightly window applies, and the page does not claim otherwise.
    expect(page.text).not.toContain('nocturne-swipe-window');
    expect((await request(base).get('/index.html')).text).toBe(page.text);

    const asset = await request(base).get('/assets/app-1a2b3c.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    await request(base).get('/assets/missing-123.js').expect(404);
    const api = await request(base).get('/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ error: 'Not found' });
  });

  it('refuses WebSocket upgrades from another site or without a session', async () => {
    const upgrade = (headers: Record<string, string>) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(`${base.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', { headers });
        socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.on('open', () => {
          socket.close();
          resolve(101);
        });
        socket.on('error', () => resolve(-1));
      });
    expect(await upgrade({ Origin: 'https://evil.example' })).toBe(403);
    expect(await upgrade({})).toBe(401);
    const signup = await request(base).post('/api/auth/signup').send(person('ws'));
    expect(await upgrade({ Cookie: cookieOf(signup)!.split(';')[0]! })).toBe(101);
  });

  it('validates subscriptions against the supergraph before forwarding them', async () => {
    const signup = await request(base).post('/api/auth/signup').send(person('wsv'));
    const cookie = cookieOf(signup)!.split(';')[0]!;
    class CookieWebSocket extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers: { Cookie: cookie } });
      }
    }
    const client = createClient({ url: `${base.replace('http', 'ws')}/graphql`, webSocketImpl: CookieWebSocket, retryAttempts: 0 });
    const errorsOf = (query: string) =>
      new Promise<string>((resolve) => {
        client.subscribe({ query }, { next: () => resolve('unexpected data'), error: (errors) => resolve(JSON.stringify(errors)), complete: () => resolve('completed') });
      });
    try {
      expect(await errorsOf('{ me { id } }')).toContain('Only subscriptions run over this WebSocket');
      expect(await errorsOf('{ me { nope } }')).toContain('Cannot query field');
      expect(await errorsOf('subscription { nothing }')).toContain("No subgraph serves the subscription field 'nothing'");
    } finally {
      await client.dispose();
    }
  });

  it('answers health and readiness probes', async () => {
    await request(base).get('/healthz').expect(200, { status: 'ok' });
    const ready = await request(base).get('/readyz');
    expect(ready.status).toBe(200);
  });
});
