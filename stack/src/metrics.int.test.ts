import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { eventually, Scrape } from '@nocturne/platform/testing';
import { writeTestFrontend } from './testFrontend';
import { startEmbeddedStack, type EmbeddedStack } from './embedded';

// The embedded stack's /metrics (docs/operations.md): on a port of its own, and what a sign-up, a swipe
// and a match leave there, with label sets that name routes and operations, never ids.
let stack: EmbeddedStack;
let dataDir: string;
let counter = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'nocturne-metrics-'));
  const frontendDir = writeTestFrontend(dataDir);
  stack = await startEmbeddedStack({ port: 0, host: '127.0.0.1', dataDir, subgraphPorts: 'free', frontendDir, metrics: { port: 0 }, env: { LOG_LEVEL: 'silent', SWIPE_WINDOW: 'always' } });
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

async function member(gender: string): Promise<Member> {
  counter += 1;
  const tag = `${Date.now().toString(36).slice(-5)}${counter}`;
  const res = await api().post('/api/auth/signup').send({ username: `met${tag}`, email: `met.${tag}@example.test`, password: 'moonlight42', name: `Metric ${counter}`, age: 30 });
  expect(res.status).toBe(201);
  const cookie = (res.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  const id = res.body.user.id as number;
  const write = (method: 'patch' | 'post', url: string, body: object) => api()[method](url).set('Cookie', cookie).set('Origin', stack.url).send(body);
  await eventually(async () => expect((await write('patch', `/api/user/${id}`, { gender, kinks: ['Rope Play'], interests: ['Art'], bio: 'Night owl.' })).status).toBe(200));
  expect((await write('post', '/api/update-location', { latitude: 52.52, longitude: 13.405 })).status).toBe(200);
  return { id, cookie };
}

const swipe = (who: Member, swipedId: number) =>
  api().post('/api/swipes').set('Origin', stack.url).set('Cookie', who.cookie).send({ swiperId: who.id, swipedId, isLike: true, timestamp: new Date().toISOString() });
const deckIds = async (who: Member) => ((await api().get('/api/profiles?limit=50').set('Cookie', who.cookie)).body as Array<{ id: number }>).map((profile) => profile.id);

describe('the embedded stack /metrics', () => {
  it('is served on its own port, 127.0.0.1, and never on the public one', async () => {
    expect(stack.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(stack.metricsUrl!).port).not.toBe(String(stack.port));
    const scrape = await Scrape.of(stack.metricsUrl!);
    expect(scrape.has('process_cpu_user_seconds_total')).toBe(true);
    const publicAnswer = await api().get('/metrics');
    expect(publicAnswer.text ?? '').not.toContain('nocturne_');
    expect((await fetch(stack.metricsUrl!.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('counts sign-ups, swipes, a match and a message, with latencies of each hop they took', async () => {
    const before = await Scrape.of(stack.metricsUrl!);
    const a = await member('Female');
    const b = await member('Male');
    await eventually(async () => expect(await deckIds(a)).toContain(b.id));
    expect((await swipe(a, b.id)).status).toBe(200);
    const second = await swipe(b, a.id);
    expect(second.body).toMatchObject({ isMatch: true });
    // The conversation opens when chat has heard of the match.
    const message = () => api().post('/api/messages').set('Origin', stack.url).set('Cookie', a.cookie).send({ matchId: second.body.matchId, senderId: a.id, content: 'Hello, night owl' });
    await eventually(async () => expect((await message()).status).toBe(201));

    // Consumers and projections follow the writes; the counters are there once the answers are.
    await eventually(async () => {
      const after = await Scrape.of(stack.metricsUrl!);
      const grew = (name: string, labels: Record<string, string> = {}) => after.value(name, labels) - before.value(name, labels);
      expect(grew('nocturne_sign_ups_total')).toBe(2);
      expect(grew('nocturne_swipes_total', { kind: 'like' })).toBe(2);
      expect(grew('nocturne_matches_total')).toBe(1);
      expect(grew('nocturne_messages_total')).toBe(1);
      expect(grew('nocturne_sessions_created_total')).toBe(2);
      expect(grew('nocturne_events_appended_total', { service: 'auth', type: 'UserRegistered' })).toBe(2);
      expect(grew('nocturne_http_request_duration_seconds_count', { service: 'gateway', method: 'POST', route: '/api/auth/signup', status: '2xx' })).toBe(2);
      expect(grew('nocturne_http_request_duration_seconds_count', { service: 'gateway', method: 'POST', route: '/api/swipes', status: '2xx' })).toBe(2);
      expect(grew('nocturne_graphql_operation_duration_seconds_count', { service: 'swipe', outcome: 'ok' })).toBeGreaterThanOrEqual(2);
      expect(grew('nocturne_subgraph_request_duration_seconds_count', { subgraph: 'swipe', outcome: 'ok' })).toBeGreaterThanOrEqual(2);
      expect(grew('nocturne_event_store_append_duration_seconds_count', { service: 'swipe', outcome: 'ok' })).toBeGreaterThanOrEqual(2);
      expect(grew('nocturne_outbox_published_total', { topic: 'swipe.events', type: 'MatchCreated' })).toBe(1);
      expect(grew('nocturne_consumer_messages_total', { group: 'profile', topic: 'auth.events', outcome: 'handled' })).toBeGreaterThanOrEqual(2);
    });

    const after = await Scrape.of(stack.metricsUrl!);
    // Caught up: no relay, consumer or projection holds an old event.
    for (const lag of ['nocturne_outbox_relay_lag_seconds', 'nocturne_consumer_lag_seconds', 'nocturne_projection_lag_seconds']) {
      expect(after.has(lag)).toBe(true);
      for (const sample of after.samples.filter((s) => s.name === lag)) expect(sample.value).toBeLessThan(30);
    }
    // Lag in messages per group, as the bus tells it (read every 15 s: present, and never negative).
    expect(after.labelValues('nocturne_consumer_lag_messages', 'group')).toEqual(expect.arrayContaining(['profile', 'swipe']));
    for (const sample of after.samples.filter((s) => s.name === 'nocturne_consumer_lag_messages')) expect(sample.value).toBeGreaterThanOrEqual(0);
    expect(after.labelValues('nocturne_projection_position', 'projection')).toEqual(expect.arrayContaining(['users', 'profiles', 'swipe-read-models']));
    expect(after.value('nocturne_sessions_active')).toBeGreaterThanOrEqual(2);
    expect(after.has('nocturne_websocket_connections')).toBe(true);
    // Bounded labels: route templates, never a person's id in a path.
    const routes = after.labelValues('nocturne_http_request_duration_seconds_count', 'route');
    expect(routes).toContain('/api/user/:id');
    for (const route of routes) expect(route).not.toMatch(new RegExp(`/(${a.id}|${b.id})(/|$)`));
  });
});

describe('the embedded stack with its metrics port taken', () => {
  it('starts and serves without /metrics (the metrics cost, not the app)', async () => {
    const takenDir = mkdtempSync(path.join(tmpdir(), 'nocturne-metrics-taken-'));
    const taken = new URL(stack.metricsUrl!).port;
    const second = await startEmbeddedStack({ port: 0, host: '127.0.0.1', dataDir: takenDir, subgraphPorts: 'free', frontendDir: writeTestFrontend(takenDir), metrics: { port: Number(taken) }, env: { LOG_LEVEL: 'silent' } });
    try {
      expect((await request(second.url).get('/healthz')).status).toBe(200);
      expect(second.metricsUrl).toBeUndefined();
    } finally {
      await second.stop();
      rmSync(takenDir, { recursive: true, force: true });
    }
  });
});
