import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { AuthEvents } from '@nocturne/contracts';
import { InProcessEventBus, InProcessEventStore, InProcessKeyValueStore, MemoryCheckpointStore } from '../inprocess';
import { createProjection } from '../kit/projection';
import { createLogger } from '../logging';
import { MemorySubjectKeyStore, PersonalDataVault } from '../privacy';
import { consumeIntegrationEvents, keyValueDeduper, on, startOutboxRelay } from '../relay';
import { eventually, startInMemoryTracing, type InMemoryTracing } from '../testing';
import { instrumentEventStore } from './instrumentedEventStore';
import { trace } from '@opentelemetry/api';
import { inSpan, SpanKind } from './tracing';

// The kit carries a trace from the request that stores an event through the store, the projection, the
// outbox relay and the bus to a consumer, and every log line inside names it.
let tracing: InMemoryTracing;
beforeAll(() => {
  tracing = startInMemoryTracing();
});
afterAll(() => tracing.shutdown());

const silent = createLogger('test', { env: { LOG_LEVEL: 'silent' } });

it('continues one trace from a stored event to its projection, its publish and its consumer', async () => {
  const store = instrumentEventStore(new InProcessEventStore(), { service: 'auth' });
  const bus = new InProcessEventBus({ retryBackoffMs: 1 });
  const vault = new PersonalDataVault({ store: new MemorySubjectKeyStore() });
  const projected: string[] = [];
  const projection = createProjection({ name: 'users', eventStore: store, checkpoints: new MemoryCheckpointStore(), apply: async (event) => void projected.push(event.id), logger: silent });
  await projection.start();
  const relay = await startOutboxRelay({
    store,
    bus,
    topic: 'auth.events',
    checkpoint: new MemoryCheckpointStore(),
    publishedPersonalData: vault,
    toIntegrationEvent: (event) => ({ type: 'UserRegistered', version: 1, aggregateId: '7', data: event.data }),
  });
  const consumed: string[] = [];
  const consumer = await consumeIntegrationEvents({
    bus,
    group: 'profile',
    topics: ['auth.events'],
    publishedPersonalData: vault,
    deduper: keyValueDeduper(new InProcessKeyValueStore(), { namespace: 'test' }),
    handlers: [on(AuthEvents.UserRegistered, async (_data, event) => void consumed.push(event.metadata.traceparent ?? ''))],
    logger: silent,
  });

  const traceId = await inSpan('POST /api/auth/signup', { kind: SpanKind.SERVER }, async (span) => {
    await store.append('user-7', [{ id: randomUUID(), type: 'UserRegistered', occurredAt: new Date().toISOString(), data: { userId: 7, username: 'luna', name: 'Luna', age: 30, registeredAt: new Date().toISOString() } }], { expectedVersion: 0 });
    return span.spanContext().traceId;
  });
  await eventually(() => expect(consumed).toHaveLength(1));
  await eventually(() => expect(tracing.trace(traceId).map((span) => span.name)).toEqual(expect.arrayContaining(['consume UserRegistered'])));

  const [stored] = await store.readStream('user-7');
  expect(stored!.metadata?.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
  expect(consumed[0]).toMatch(new RegExp(`^00-${traceId}-`));
  const spans = tracing.trace(traceId);
  expect(spans.map((span) => span.name).sort()).toEqual(['POST /api/auth/signup', 'append user', 'consume UserRegistered', 'project users', 'publish UserRegistered', 'send UserRegistered'].sort());
  // One tree: every span but the root has its parent in the trace.
  const ids = new Set(spans.map((span) => span.spanContext().spanId));
  for (const span of spans) if (span.name !== 'POST /api/auth/signup') expect(ids).toContain(span.parentSpanContext?.spanId);

  await consumer.stop();
  await relay.stop();
  await projection.stop();
  await bus.close();
  await store.close();
});

it('puts the trace id on every log line written inside a span, and none outside', async () => {
  const lines: string[] = [];
  const destination = new Writable({ write: (chunk: Buffer, _encoding, done) => void (lines.push(chunk.toString('utf8')), done()) });
  const logger = createLogger('test', { env: { LOG_LEVEL: 'info' }, destination });
  logger.info('outside');
  const traceId = await inSpan('work', {}, async (span) => {
    logger.info('inside');
    return span.spanContext().traceId;
  });
  const [outside, inside] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(outside).not.toHaveProperty('traceId');
  expect(inside).toMatchObject({ msg: 'inside', traceId, spanId: expect.stringMatching(/^[0-9a-f]{16}$/) });
});

it('exports no secret a span recorded: tokens in URLs, secret headers, addresses in exception messages', () => {
  const span = trace.getTracer('test').startSpan('GET /reset-password', {
    attributes: {
      'url.path': '/reset-password',
      'url.query': 'token=3f9a2c7d1e',
      'http.url': 'http://127.0.0.1:4000/reset-password?token=3f9a2c7d1e&lang=en',
      'http.request.header.cookie': ['nocturne_session=abc123'],
      'http.request.header.authorization': ['Bearer xyz'],
      'http.route': '/reset-password',
    },
  });
  span.recordException(new Error('mail to luna@example.test failed'));
  span.end();
  const { spanContext } = span;
  const exported = tracing.trace(spanContext.call(span).traceId);
  expect(exported).toHaveLength(1);
  expect(exported[0]!.attributes).toEqual({
    'url.path': '/reset-password',
    'url.query': 'token=[Redacted]',
    'http.url': 'http://127.0.0.1:4000/reset-password?token=[Redacted]&lang=en',
    'http.request.header.cookie': '[Redacted]',
    'http.request.header.authorization': '[Redacted]',
    'http.route': '/reset-password',
  });
  expect(JSON.stringify(exported[0]!.events)).not.toMatch(/luna@example|3f9a2c7d1e/);
  expect(JSON.stringify(exported[0]!.events)).toContain('[email]');
});
