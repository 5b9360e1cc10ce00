import { Topics } from '@nocturne/contracts';
import { createAdapters, type Adapters } from '.';
import { evaluateReadiness } from '../http';
import type { DeliveredMessage } from '../ports';
import { startOutboxRelay } from '../relay';
import { eventually, uniqueSuffix } from '../testing';
import { newEvent } from '../testing/eventStoreContract';

// Needs Kafka, MongoDB and Redis: `npm run infra:up` sets KAFKA_BROKERS, MONGODB_URI and REDIS_URL.
const real = Boolean(process.env.KAFKA_BROKERS && process.env.MONGODB_URI && process.env.REDIS_URL);
const d = real ? describe : describe.skip;

d('real adapters end to end', () => {
  jest.setTimeout(60_000);
  let adapters: Adapters;

  beforeAll(async () => {
    adapters = await createAdapters({ service: `test-${uniqueSuffix()}`.toLowerCase() });
  });
  afterAll(async () => {
    await adapters.close();
  });

  it('reports each server it depends on for readiness: the database and Redis needed, Kafka only degrading', async () => {
    expect(Object.keys(adapters.dependencies).sort()).toEqual(['database', 'kafka', 'redis']);
    expect(adapters.dependencies.kafka?.whenDown).toBe('degraded');
    expect(await evaluateReadiness(adapters.dependencies)).toEqual({ ready: true, status: 'ready', checks: { database: true, kafka: true, redis: true } });
  });

  it('relays appended events through Kafka to a consumer group', async () => {
    expect(adapters.mode).toBe('real');
    const topic = `${Topics.auth}-${uniqueSuffix()}`;
    const received: DeliveredMessage[] = [];
    const consumer = await adapters.bus.subscribe({ groupId: `g-${uniqueSuffix()}`, topics: [topic], handler: async (m) => void received.push(m) });
    const relay = await startOutboxRelay({
      store: adapters.eventStore,
      bus: adapters.bus,
      topic,
      checkpoint: adapters.checkpoints,
      toIntegrationEvent: (event) => ({ type: event.type, version: 1, aggregateId: event.streamId, data: event.data }),
      publishedPersonalData: adapters.publishedPersonalData,
    });
    const stream = `user-${uniqueSuffix()}`;
    const events = [newEvent('UserRegistered', { n: 1 }), newEvent('UserDeleted', { n: 2 })];
    await adapters.eventStore.append(stream, events, { expectedVersion: 0 });
    await eventually(() => expect(received.filter((m) => m.key === stream).map((m) => m.event.id)).toEqual(events.map((e) => e.id)), { timeoutMs: 30_000 });
    await relay.stop();
    await consumer.stop();
    expect(await adapters.checkpoints.load(`outbox:${topic}`)).toBeGreaterThanOrEqual(2);
  });
});
