import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { IntegrationEvent } from '@nocturne/contracts';
import { createLogger } from '../logging';
import { eventually, infra, outageTestsEnabled, uniqueSuffix } from '../testing';
import { KafkaEventBus } from './eventBus';

// Stops and restarts the broker, so it runs only against the Kafka that infra/up.sh started (infra/down.sh
// kafka can stop exactly that one): with KAFKA_BROKERS set and run/pids/kafka.pid present, or when
// NOCTURNE_OUTAGE_TESTS=1 forces it (=0 skips it). Other servers are never touched.
const brokers = process.env.KAFKA_BROKERS;
const outageTests = outageTestsEnabled('kafka');
const d = brokers && outageTests ? describe : describe.skip;

const event = (): IntegrationEvent => ({
  id: randomUUID(),
  type: 'UserRegistered',
  version: 1,
  occurredAt: new Date().toISOString(),
  aggregateId: '7',
  data: {},
  metadata: {},
});

/** Publishes until the bus takes it, as the outbox relay does; bounded by `deadline`. */
async function publishUntilAccepted(bus: KafkaEventBus, topic: string, message: IntegrationEvent, deadline: number): Promise<number> {
  for (let attempts = 1; ; attempts++) {
    try {
      await bus.publish(topic, [{ key: message.aggregateId, event: message }]);
      return attempts;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

d('Kafka event bus through a broker outage', () => {
  const topic = `outage-${uniqueSuffix()}`;
  let bus: KafkaEventBus | undefined;
  const received: string[] = [];
  /** Publishes left behind by a close: kafkajs keeps retrying them, so the suite waits for them to settle. */
  const abandoned: Promise<unknown>[] = [];

  beforeAll(async () => {
    bus = await KafkaEventBus.connect({ brokers: brokers!.split(','), clientId: 'nocturne-outage-test', partitions: { [topic]: 2 }, retryBackoffMs: 20, closeTimeoutMs: 1_000 });
    await bus.subscribe({ groupId: `outage-${uniqueSuffix()}`, topics: [topic], handler: async (message) => void received.push(message.event.id) });
  }, 60_000);

  afterAll(async () => {
    // Whatever happened, the broker runs again for the suites that follow.
    infra('up', 'kafka');
    await bus?.close();
    await Promise.allSettled(abandoned);
  }, 240_000);

  it('publishes and consumes again once the broker is back', async () => {
    const before = event();
    await bus!.publish(topic, [{ key: before.aggregateId, event: before }]);
    await eventually(() => expect(received).toContain(before.id), { timeoutMs: 30_000, intervalMs: 50 });

    infra('down', 'kafka');
    const during = event();
    const published = publishUntilAccepted(bus!, topic, during, Date.now() + 150_000);
    published.catch(() => {}); // awaited below
    infra('up', 'kafka');
    const started = Date.now();
    await published;
    // The consumer's connection died with the broker: it must rejoin its group and fetch again.
    await eventually(() => expect(received).toContain(during.id), { timeoutMs: 90_000, intervalMs: 100 });
    console.warn(`outage test: published and consumed ${Date.now() - started} ms after the broker was back`);
    expect(received.filter((id) => id === during.id).length).toBeGreaterThanOrEqual(1);
  }, 240_000);

  it('stops a consumer that crashed with its broker gone (between the crash and its restart), without an error', async () => {
    const lines: string[] = [];
    const logger = createLogger('outage-test', { env: { LOG_LEVEL: 'info' }, destination: new Writable({ write: (chunk: Buffer, _encoding, done) => void (lines.push(chunk.toString('utf8')), done()) }) });
    const own = await KafkaEventBus.connect({ brokers: brokers!.split(','), clientId: 'nocturne-outage-crash-test', partitions: { [topic]: 2 }, retryBackoffMs: 20, closeTimeoutMs: 1_000, logger });
    const consumer = await own.subscribe({ groupId: `outage-crash-${uniqueSuffix()}`, topics: [topic], handler: async () => {} });
    infra('down', 'kafka');
    try {
      // kafkajs gives the consumer up after its retries and restarts it after a pause: stop it in that pause.
      await eventually(() => expect(lines.some((line) => /kafka: Crash/.test(line))).toBe(true), { timeoutMs: 60_000, intervalMs: 20 });
      await expect(consumer.stop()).resolves.toBeUndefined();
    } finally {
      infra('up', 'kafka');
      await own.close();
    }
  }, 120_000);

  it('closes within its bound while the broker is away, with a publish and a consumer in flight', async () => {
    infra('down', 'kafka');
    const pending = bus!.publish(topic, [{ key: '7', event: event() }]);
    pending.catch(() => {}); // it fails once the client gives up; closing must not wait for that
    abandoned.push(pending);
    const started = Date.now();
    await bus!.close();
    // The consumer, then the producer and admin together: two bounds of closeTimeoutMs, plus slack.
    expect(Date.now() - started).toBeLessThan(4_000);
  }, 60_000);
});
