import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { authRoutes } from '@nocturne/auth/rest';
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import request from 'supertest';
import { Messages, photoIdPattern } from '@nocturne/contracts';
import { photoUploadAnswerSchema } from '@nocturne/contracts/api';
import { InProcessKeyValueStore } from '@nocturne/platform/inprocess';
import { createLogger, type Logger } from '@nocturne/platform/logging';
import { RedisKeyValueStore } from '@nocturne/platform/redis';
import type { ProxiedPrefix } from '@nocturne/platform/rest';
import { SessionStore, type SessionStore as Sessions } from '@nocturne/platform/sessions';
import { canStartOwnServers, eventually, freePort, OwnRedis } from '@nocturne/platform/testing';
import { createGateway, type Gateway } from './gateway';
import { authSubgraphSdl } from './testing/authSubgraphSdl';
import { createFakeAuthSubgraph } from './testing/fakeAuthSubgraph';

// Infrastructure faults answer 503 with Retry-After (a dependency away) or 504 (no answer in time), with a
// clear message, within a second; 500 stays for bugs.

const secret = 'a-test-secret-of-enough-length';
const supergraphSdl = composeServices([{ name: 'auth', url: 'http://127.0.0.1:4001/graphql', typeDefs: parse(authSubgraphSdl) }]).supergraphSdl!;
const restRoutes = authRoutes;

// The media routes of the profile service (photos with their upload, avatars), served here by the one
// subgraph of this supergraph.
const photos: ProxiedPrefix = {
  prefix: '/api/photos',
  targetPrefix: '/media/photos',
  subgraph: 'auth',
  operations: [
    {
      method: 'post',
      path: '/api/photos',
      operationId: 'uploadPhotos',
      summary: 'Upload photos',
      success: { status: 201, description: 'The added photos', contentType: 'application/json', schema: photoUploadAnswerSchema },
      errors: [],
    },
    {
      method: 'get',
      path: '/api/photos/:photoId/:size',
      params: { photoId: photoIdPattern, size: /^(display|thumb)$/ },
      operationId: 'photo',
      summary: 'A photo',
      success: { status: 200, description: 'The image', contentType: 'image/*' },
      errors: [],
    },
  ],
};
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

async function startGateway(options: {
  subgraphUrl: string;
  sessions: Sessions;
  subgraphTimeoutMs?: number;
  mediaTimeoutMs?: number;
  mediaUploadTimeoutMs?: number;
  logger?: Logger;
}): Promise<{ gateway: Gateway; base: string }> {
  const gateway = createGateway({
    supergraphSdl,
    subgraphUrls: { auth: options.subgraphUrl },
    internalSecret: secret,
    sessions: options.sessions,
    sharedStore: new InProcessKeyValueStore(),
    host: '127.0.0.1',
    restRoutes,
    proxiedPrefixes: [photos, avatars],
    ...(options.subgraphTimeoutMs !== undefined && { subgraphTimeoutMs: options.subgraphTimeoutMs }),
    ...(options.mediaTimeoutMs !== undefined && { mediaTimeoutMs: options.mediaTimeoutMs }),
    ...(options.mediaUploadTimeoutMs !== undefined && { mediaUploadTimeoutMs: options.mediaUploadTimeoutMs }),
    ...(options.logger && { logger: options.logger }),
  });
  return { gateway, base: (await gateway.start(0)).url };
}

const timed = async <T>(call: () => Promise<T>) => {
  const started = performance.now();
  const result = await call();
  return { result, ms: performance.now() - started };
};

/** A logger whose lines the test reads. */
function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger('gateway', { env: { LOG_LEVEL: 'info' }, destination }) };
}

const photoPath = `/api/photos/${'0123456789abcdef'.repeat(2)}/display`;

const uploadPhoto = (base: string) =>
  request(base)
    .post('/api/photos')
    .set('Origin', base)
    .attach('photos', Buffer.from('not really a photo, never read'), 'night.jpg');

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

describe('the media routes when the subgraph that serves them fails', () => {
  let fake: ReturnType<typeof createFakeAuthSubgraph>;
  beforeAll(() => {
    fake = createFakeAuthSubgraph(secret);
  });

  /** The answer of a failure: the error body of the REST calls, nothing of the subgraph's address. */
  const expectDependencyAnswer = (res: request.Response, status: number, message: string, port: number) => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ error: message });
    expect(res.text).not.toContain('127.0.0.1');
    expect(res.text).not.toContain(String(port));
  };

  it('answers photos and avatars with 503, Retry-After and a clear message within a second when the subgraph process is down, logged as a warning without a stack', async () => {
    const port = await freePort();
    const log = capturedLogger();
    const down = await startGateway({ subgraphUrl: `http://127.0.0.1:${port}/graphql`, sessions: fake.sessions, logger: log.logger });
    try {
      for (const path of [photoPath, '/api/avatars/1']) {
        const { result: res, ms } = await timed(() => request(down.base).get(path));
        expectDependencyAnswer(res, 503, Messages.unavailable, port);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(ms).toBeLessThan(1_000);
      }
      const failures = log.lines.filter((line) => typeof line.msg === 'string' && line.msg.startsWith('media proxy'));
      expect(failures).toHaveLength(2);
      for (const line of failures) {
        expect(line).toMatchObject({ level: 40, status: 503, err: { name: 'DependencyUnavailable' } });
        expect((line.err as { stack?: string }).stack ?? '').not.toMatch(/\bat /);
      }
    } finally {
      await down.gateway.stop();
    }
  });

  it('answers a photo upload with 503 and Retry-After when the subgraph process is down', async () => {
    const port = await freePort();
    const down = await startGateway({ subgraphUrl: `http://127.0.0.1:${port}/graphql`, sessions: fake.sessions });
    try {
      const res = await uploadPhoto(down.base);
      expectDependencyAnswer(res, 503, Messages.unavailable, port);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await down.gateway.stop();
    }
  });

  it('answers 503 when the subgraph resets the connection instead of answering', async () => {
    const resetting: Server = createServer((req) => req.socket.resetAndDestroy());
    await new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', resolve));
    const port = (resetting.address() as AddressInfo).port;
    const broken = await startGateway({ subgraphUrl: `http://127.0.0.1:${port}/graphql`, sessions: fake.sessions });
    try {
      const res = await request(broken.base).get('/api/avatars/1');
      expectDependencyAnswer(res, 503, Messages.unavailable, port);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await broken.gateway.stop();
      await new Promise((resolve) => resetting.close(resolve));
    }
  });

  it('sends a picture request again on a new connection when the kept-alive one it went out on is closed at that moment', async () => {
    // Each connection answers its first request and is dropped at its second: what a subgraph's idle timeout
    // does to a connection the gateway reuses at the same moment.
    const served: string[] = [];
    const closing: Server = createServer((req, res) => {
      const socket = req.socket as typeof req.socket & { answered?: boolean };
      if (socket.answered) return void socket.destroy();
      socket.answered = true;
      served.push(req.url!);
      res.writeHead(200, { 'content-type': 'image/webp' }).end('picture');
    });
    await new Promise<void>((resolve) => closing.listen(0, '127.0.0.1', resolve));
    const port = (closing.address() as AddressInfo).port;
    const gateway = await startGateway({ subgraphUrl: `http://127.0.0.1:${port}/graphql`, sessions: fake.sessions });
    try {
      for (let n = 0; n < 3; n++) {
        const res = await request(gateway.base).get('/api/avatars/1');
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
      }
      expect(served).toHaveLength(3);
    } finally {
      await gateway.gateway.stop();
      await new Promise((resolve) => closing.close(resolve));
    }
  });

  it('answers 504 once the bound has passed when the subgraph holds the request, an upload after its own longer bound', async () => {
    const hung: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const port = (hung.address() as AddressInfo).port;
    const slow = await startGateway({ subgraphUrl: `http://127.0.0.1:${port}/graphql`, sessions: fake.sessions, mediaTimeoutMs: 300, mediaUploadTimeoutMs: 900 });
    try {
      for (const path of [photoPath, '/api/avatars/1']) {
        const { result: res, ms } = await timed(() => request(slow.base).get(path));
        expectDependencyAnswer(res, 504, Messages.timedOut, port);
        expect(ms).toBeGreaterThanOrEqual(290);
        expect(ms).toBeLessThan(900);
      }
      const { result: upload, ms } = await timed(() => uploadPhoto(slow.base));
      expectDependencyAnswer(upload, 504, Messages.timedOut, port);
      expect(ms).toBeGreaterThanOrEqual(890);
      expect(ms).toBeLessThan(2_000);
    } finally {
      await slow.gateway.stop();
      hung.closeAllConnections();
      await new Promise((resolve) => hung.close(resolve));
    }
  });

  it('cuts short an answer the subgraph broke off halfway, without a second answer, and logs it as a warning', async () => {
    const halfway: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'content-length': '1000' });
      res.write('<svg xmlns="http://www.w3.org/2000/svg">', () => res.socket?.resetAndDestroy());
    });
    await new Promise<void>((resolve) => halfway.listen(0, '127.0.0.1', resolve));
    const log = capturedLogger();
    const broken = await startGateway({ subgraphUrl: `http://127.0.0.1:${(halfway.address() as AddressInfo).port}/graphql`, sessions: fake.sessions, logger: log.logger });
    try {
      const answer = await new Promise<{ status: number; body: string; error?: string }>((resolve) => {
        const { port } = new URL(broken.base);
        const req = httpRequest({ host: '127.0.0.1', port: Number(port), path: '/api/avatars/1' }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('error', (error) => resolve({ status: res.statusCode ?? 0, body, error: error.message }));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', (error) => resolve({ status: 0, body: '', error: error.message }));
        req.end();
      });
      expect(answer.status).toBe(200);
      expect(answer.error).toBeDefined();
      expect(answer.body).not.toContain(Messages.unavailable);
      await eventually(() => expect(log.lines.filter((line) => line.msg === 'media proxy: a dependency failed')).toHaveLength(1));
      expect(log.lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
    } finally {
      await broken.gateway.stop();
      halfway.closeAllConnections();
      await new Promise((resolve) => halfway.close(resolve));
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
