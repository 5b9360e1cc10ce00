import { authRoutes } from '@nocturne/auth/rest';
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import request from 'supertest';
import { InProcessKeyValueStore } from '@nocturne/platform/inprocess';
import { createGateway, type Gateway } from './gateway';
import { IdempotencyMessages } from './rest/idempotency';
import { authSubgraphSdl } from './testing/authSubgraphSdl';
import { createFakeAuthSubgraph } from './testing/fakeAuthSubgraph';

// REST writes with an Idempotency-Key, through the gateway to the stand-in auth subgraph: a retry of a call
// that succeeded gets the same answer without running it again.
const secret = 'a-test-secret-of-enough-length';
const supergraphSdl = composeServices([{ name: 'auth', url: 'http://127.0.0.1:4001/graphql', typeDefs: parse(authSubgraphSdl) }]).supergraphSdl!;
let gateway: Gateway;
let fake: ReturnType<typeof createFakeAuthSubgraph>;
let base: string;

beforeAll(async () => {
  fake = createFakeAuthSubgraph(secret);
  const subgraphUrl = (await fake.server.start()).url;
  gateway = createGateway({ supergraphSdl, subgraphUrls: { auth: subgraphUrl }, internalSecret: secret, sessions: fake.sessions, sharedStore: new InProcessKeyValueStore(), host: '127.0.0.1', restRoutes: authRoutes, proxiedPrefixes: [] });
  base = (await gateway.start(0)).url;
});

afterAll(async () => {
  await gateway.stop();
  await fake.server.stop();
});

const person = (tag: string) => ({ username: `idem${tag}`, email: `idem${tag}@example.test`, password: 'moonlight42', name: 'Luna Night', age: 27 });
const calls = () => fake.receivedContexts.length;

describe('Idempotency-Key on REST writes', () => {
  it('answers a retried sign-up with the kept answer, without signing up twice', async () => {
    const body = person('a');
    const first = await request(base).post('/api/auth/signup').set('Idempotency-Key', 'signup-a').send(body);
    expect(first.status).toBe(201);
    const before = calls();
    const retry = await request(base).post('/api/auth/signup').set('Idempotency-Key', 'signup-a').send(body);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(calls()).toBe(before);
    // Without the key the same body runs again, and meets the account the first call made.
    expect((await request(base).post('/api/auth/signup').send(body)).status).toBe(409);
  });

  it('refuses the key for another request (422) and a malformed key (400), changing nothing', async () => {
    await request(base).post('/api/auth/signup').set('Idempotency-Key', 'signup-b').send(person('b')).expect(201);
    const before = calls();
    const other = await request(base).post('/api/auth/signup').set('Idempotency-Key', 'signup-b').send(person('c'));
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ error: IdempotencyMessages.reused });
    const malformed = await request(base).post('/api/auth/signup').set('Idempotency-Key', 'has spaces').send(person('c'));
    expect(malformed.status).toBe(400);
    expect(calls()).toBe(before);
  });

  it('keeps nothing for a call that failed: its retry runs again', async () => {
    const body = { username: 'database-away', password: 'x' };
    expect((await request(base).post('/api/auth/signin').set('Idempotency-Key', 'signin-1').send(body)).status).toBe(503);
    const before = calls();
    const retry = await request(base).post('/api/auth/signin').set('Idempotency-Key', 'signin-1').send(body);
    expect(retry.status).toBe(503);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(calls()).toBe(before + 1);
  });
});
