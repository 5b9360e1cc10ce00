import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authService } from '@nocturne/auth';
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import request from 'supertest';
import { Messages } from '@nocturne/contracts';
import { RedisKeyValueStore, SessionStore, type ProxiedPrefix, type SessionStore as Sessions } from '@nocturne/platform';
import { canStartOwnServers, eventually, freePort, OwnRedis } from '@nocturne/platform/testing';
import { createGateway, type Gateway } from './gateway';
import { authSubgraphSdl } from './testing/authSubgraphSdl';
import { createFakeAuthSubgraph } from './testing/fakeAuthSubgraph';

// Infrastructure faults answer 503 with Retry-After (a dependency away) or 504 (no answer in time), with a
// clear message, within a second; 500 stays for bugs.

const secret = 'a-test-secret-of-enough-length';
const supergraphSdl = composeServices([{ name: 'auth', url: 'http://127.0.0.1:4001/graphql', typeDefs: parse(authSubgraphSdl) }]).supergraphSdl!;
const restRoutes = authService.restRoutes ?? [];

/** A media route of the auth subgraph, for the media proxy's answers. */
const avatars: ProxiedPrefix = {
  prefix: '/api/avatars',
  targetPrefix: '/media/avatars',
  subgraph: 'auth',
  operations: [
    {
      method: 'get',
      path: '/api/avatars/:userId',
      params: { userId: /^[1-9]\d{0,15}$/ },
      operationId: 'avatar',
      summary: 'An avatar',
      success: { status: 200, description: 'SVG image', contentType: 'image/svg+xml' },
      errors: [],
    },
  ],
};

async function startGateway(options: { subgraphUrl: string; sessions: Sessions; subgraphTimeoutMs?: number }): Promise<{ gateway: Gateway; base: string }> {
  const gateway = createGateway({
    supergraphSdl,
    subgraphUrls: { auth: options.subgraphUrl },
    internalSecret: secret,
    sessions: options.sessions,
    host: '127.0.0.1',
    restRoutes,
    proxiedPrefixes: [avatars],
    ...(options.subgraphTimeoutMs !== undefined && { subgraphTimeoutMs: options.subgraphTimeoutMs }),
  });
  return { gateway, base: (await gateway.start(0)).url };
}

const timed = async <T>(call: () => Promise<T>) => {
  const started = performance.now();
  const result = await call();
  return { result, ms: performance.now() - started };
};

const signIn = (base: string, username: string, cookie?: string) => {
  const call = request(base).post('/api/auth/signin').send({ username, password: 'moonlight42' });
  return cookie ? call.set('Cookie', cookie) : call;
};

describe('a subgraph that fails below GraphQL', () => {
  let fake: ReturnType<typeof createFakeAuthSubgraph>;
  let subgraphUrl: string;
  let healthy: { gateway: Gateway; base: string };

  beforeAll(async () => {
    fake = createFakeAuthSubgraph(secret);
    subgraphUrl = (await fake.server.start()).url;
    healthy = await startGateway({ subgraphUrl, sessions: fake.sessions });
  });
  afterAll(async () => {
    await healthy?.gateway.stop();
    await fake?.server.stop();
  });

  it('answers 503 with Retry-After and a clear message when its database is away', async () => {
    const res = await signIn(healthy.base, 'database-away');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.body).toEqual({ error: Messages.unavailable });

    const graphql = await request(healthy.base).post('/graphql').send({ query: 'mutation { signIn(username: "database-away", password: "x") { user { id } } }' });
    expect(graphql.body.errors[0]).toMatchObject({ message: Messages.unavailable, extensions: { code: 'UNAVAILABLE', retryAfterSeconds: 7 } });
  });

  it('answers 504 with a clear message when its database does not answer in time', async () => {
    const res = await signIn(healthy.base, 'database-slow');
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ error: Messages.timedOut });
  });

  it('answers 503 with Retry-After within a second when the subgraph process is down', async () => {
    const down = await startGateway({ subgraphUrl: `http://127.0.0.1:${await freePort()}/graphql`, sessions: fake.sessions });
    try {
      const { result: res, ms } = await timed(() => signIn(down.base, 'somebody'));
      expect(res.status).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.body).toEqual({ error: Messages.unavailable });
      expect(ms).toBeLessThan(1_000);
    } finally {
      await down.gateway.stop();
    }
  });

  it('answers 504 when the subgraph does not answer in time', async () => {
    const hung: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const slow = await startGateway({ subgraphUrl: `http://127.0.0.1:${(hung.address() as AddressInfo).port}/graphql`, sessions: fake.sessions, subgraphTimeoutMs: 300 });
    try {
      const { result: res, ms } = await timed(() => signIn(slow.base, 'somebody'));
      expect(res.status).toBe(504);
      expect(res.body).toEqual({ error: Messages.timedOut });
      expect(ms).toBeLessThan(1_000);
    } finally {
      await slow.gateway.stop();
      hung.closeAllConnections();
      await new Promise((resolve) => hung.close(resolve));
    }
  });
});

// Sessions live in Redis: faults go to a Redis of this suite's own (infra/up.sh on a free port).
const withRedis = canStartOwnServers() ? describe : describe.skip;

withRedis('the gateway while Redis is away', () => {
  let redis: OwnRedis;
  let kv: RedisKeyValueStore;
  let fake: ReturnType<typeof createFakeAuthSubgraph>;
  let running: { gateway: Gateway; base: string };
  let cookie: string;

  beforeAll(async () => {
    redis = await OwnRedis.start();
    kv = await RedisKeyValueStore.connect(redis.url);
    fake = createFakeAuthSubgraph(secret);
    const sessions = new SessionStore(kv);
    running = await startGateway({ subgraphUrl: (await fake.server.start()).url, sessions });
    cookie = `nocturne_session=${(await sessions.create(1)).id}`;
  }, 120_000);

  afterAll(async () => {
    await running?.gateway.stop();
    await fake?.server.stop();
    await kv?.close();
    redis?.close();
  }, 60_000);

  it('answers 503 with Retry-After and a clear message within a second, over REST and GraphQL, then serves again', async () => {
    const me = () => request(running.base).post('/graphql').set('Cookie', cookie).send({ query: '{ me { id } }' });
    expect((await me()).status).toBe(200);
    redis.down();
    try {
      const rest = await timed(() => signIn(running.base, 'somebody', cookie));
      expect(rest.result.status).toBe(503);
      expect(Number(rest.result.headers['retry-after'])).toBeGreaterThan(0);
      expect(rest.result.body).toEqual({ error: Messages.unavailable });
      expect(rest.ms).toBeLessThan(1_000);

      const graphql = await timed(() => me());
      expect(graphql.result.status).toBe(503);
      expect(Number(graphql.result.headers['retry-after'])).toBeGreaterThan(0);
      expect(graphql.result.body.errors[0]).toMatchObject({ message: Messages.unavailable, extensions: { code: 'UNAVAILABLE' } });
      expect(graphql.ms).toBeLessThan(1_000);

      const media = await timed(() => request(running.base).get('/api/avatars/1').set('Cookie', cookie));
      expect(media.result.status).toBe(503);
      expect(Number(media.result.headers['retry-after'])).toBeGreaterThan(0);
      expect(media.result.body).toEqual({ error: Messages.unavailable });
      expect(media.ms).toBeLessThan(1_000);
    } finally {
      redis.up();
    }
    await eventually(async () => expect((await me()).status).toBe(200), { timeoutMs: 10_000, intervalMs: 100 });
  }, 60_000);

  it('refuses a subscription upgrade with 503 and Retry-After while Redis is away', async () => {
    const upgrade = () =>
      new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
        const { port } = new URL(running.base);
        const req = httpRequest({
          host: '127.0.0.1',
          port: Number(port),
          path: '/graphql',
          headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==', 'Sec-WebSocket-Protocol': 'graphql-transport-ws', Cookie: cookie, Origin: running.base },
        });
        req.once('response', (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] });
        });
        req.once('upgrade', (res, socket) => {
          socket.destroy();
          resolve({ status: res.statusCode ?? 0, retryAfter: undefined });
        });
        req.once('error', reject);
        req.end();
      });
    expect((await upgrade()).status).toBe(101);
    redis.down();
    try {
      const refused = await upgrade();
      expect(refused.status).toBe(503);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    } finally {
      redis.up();
    }
    await eventually(async () => expect((await upgrade()).status).toBe(101), { timeoutMs: 10_000, intervalMs: 100 });
  }, 60_000);
});
