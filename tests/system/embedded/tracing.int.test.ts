import { eventually, startInMemoryTracing, type InMemoryTracing } from '@nocturne/platform/testing';
import { newPerson, startInProcessStack, type InProcessStack, type Member } from '../support';

// One sign-up, and one swipe that makes a match, each give one trace across every hop: the gateway, its
// call of the subgraph, the subgraph, the event store, the projections, the outbox relay, the bus and
// every consumer (and what the consumers store and publish in turn). Spans kept in memory.
let tracing: InMemoryTracing;
let stack: InProcessStack;

beforeAll(async () => {
  tracing = startInMemoryTracing();
  stack = await startInProcessStack('tracing', { env: { SWIPE_WINDOW: 'always' } });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await tracing?.shutdown();
});

jest.setTimeout(60_000);

const tracer = () => newPerson({ prefix: 'tr', name: (n) => `Trace ${n}`, age: 30 });
const signUp = () => stack.signUp(tracer());
/** Signed up, onboarded and placed, so that others may swipe them. */
const member = (gender: string) => stack.member({ gender, person: tracer() });

/** The trace of the gateway's request span named so (the last one). */
function traceOf(requestSpan: string): string {
  const roots = tracing.spans().filter((span) => span.name === requestSpan && span.attributes['nocturne.service'] === 'gateway');
  expect(roots.length).toBeGreaterThan(0);
  return roots[roots.length - 1]!.spanContext().traceId;
}

/** Every span of the trace but its root has its parent in the trace: one tree, no loose ends. */
function expectOneTree(traceId: string) {
  const spans = tracing.trace(traceId);
  const ids = new Set(spans.map((span) => span.spanContext().spanId));
  const roots = spans.filter((span) => !span.parentSpanContext || !ids.has(span.parentSpanContext.spanId));
  expect(roots.map((span) => span.name)).toEqual([expect.stringMatching(/^POST \/api\//)]);
}

const namesIn = (traceId: string) => tracing.trace(traceId).map((span) => `${span.name}${span.attributes['messaging.consumer.group.name'] ? ` [${String(span.attributes['messaging.consumer.group.name'])}]` : ''}`);

describe('one trace per request, across every hop', () => {
  it('follows a sign-up from the gateway through auth, its store, projection and relay to the consumers of profile and swipe, and on', async () => {
    await signUp();
    const traceId = traceOf('POST /api/auth/signup');
    await eventually(() =>
      expect(namesIn(traceId)).toEqual(
        expect.arrayContaining([
          'POST /api/auth/signup',
          'subgraph auth',
          'POST /graphql',
          'append user',
          'project users',
          'publish UserRegistered',
          'consume UserRegistered [profile]',
          'consume UserRegistered [swipe]',
          // What profile stores on hearing of the person continues the same trace, to swipe.
          'append profile',
          'project profiles',
          'publish ProfileCreated',
          'append candidate',
          'project swipe-read-models',
        ]),
      ),
    );
    expectOneTree(traceId);
  });

  it('follows a swipe that makes a match from the gateway through swipe, its projections and relay to the consumers and the live notification', async () => {
    const a = await member('Female');
    const b = await member('Male');
    const like = (who: Member, swipedId: number) =>
      who.post('/api/swipes', { swiperId: who.id, swipedId, isLike: true, timestamp: new Date().toISOString() });
    // The swipe service knows a person once profile's events reached it.
    await eventually(async () => expect((await like(a, b.id)).status).toBe(200));
    const match = await like(b, a.id);
    expect(match.body).toMatchObject({ isMatch: true });
    const traceId = traceOf('POST /api/swipes');
    await eventually(() =>
      expect(namesIn(traceId)).toEqual(
        expect.arrayContaining([
          'POST /api/swipes',
          'subgraph swipe',
          'POST /graphql',
          // The night's and the pair's events: one write to both streams.
          'append night,pair',
          'project swipe-read-models',
          'publish SwipeRecorded',
          'publish MatchCreated',
          // chat opens the conversation and tells both people at once.
          'consume MatchCreated [chat]',
          'append conversation',
          'live publish chat:user',
        ]),
      ),
    );
    expectOneTree(traceId);
    // Another request is another trace.
    expect(traceOf('POST /api/auth/signup')).not.toBe(traceId);
  });
});
