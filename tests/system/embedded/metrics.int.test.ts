import { eventually, Scrape } from '@nocturne/platform/testing';
import { newPerson, startInProcessStack, type InProcessStack, type Member } from '../support';

// The embedded stack's /metrics (docs/operations.md): on a port of its own, and what a sign-up, a swipe
// and a match leave there, with label sets that name routes and operations, never ids.
let stack: InProcessStack;

beforeAll(async () => {
  stack = await startInProcessStack('metrics', { metrics: { port: 0 }, env: { SWIPE_WINDOW: 'always' } });
}, 60_000);

afterAll(() => stack?.stop());

jest.setTimeout(60_000);

const api = () => stack.request();
const member = (gender: string) => stack.member({ gender, person: newPerson({ prefix: 'met', name: (n) => `Metric ${n}`, age: 30 }) });
const swipe = (who: Member, swipedId: number) => who.post('/api/swipes', { swiperId: who.id, swipedId, isLike: true, timestamp: new Date().toISOString() });
const deckIds = async (who: Member) => ((await who.get('/api/profiles?limit=50')).body as Array<{ id: number }>).map((profile) => profile.id);

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
    const message = () => a.post('/api/messages').send({ matchId: second.body.matchId, senderId: a.id, content: 'Hello, night owl' });
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
    const taken = new URL(stack.metricsUrl!).port;
    const second = await startInProcessStack('metrics-taken', { metrics: { port: Number(taken) } });
    try {
      expect((await second.request().get('/healthz')).status).toBe(200);
      expect(second.metricsUrl).toBeUndefined();
    } finally {
      await second.stop();
    }
  });
});
