import { ConfigResourceTypes, Kafka } from 'kafkajs';
import type { DeliveredMessage } from '../ports';
import { eventBusContract, eventually, integrationEvent, uniqueSuffix } from '../testing';
import { KafkaEventBus } from './eventBus';
import { kafkajsRequestQueue } from './idleRequestQueue';

// Needs a Kafka broker: `npm run infra:up`, then KAFKA_BROKERS=127.0.0.1:9092.
const brokers = process.env.KAFKA_BROKERS;
const d = brokers ? describe : describe.skip;

d('Kafka', () => {
  const connect = () => KafkaEventBus.connect({ brokers: brokers!.split(','), clientId: 'nocturne-contract', defaultPartitions: 3, retryBackoffMs: 20 });
  eventBusContract('Kafka', connect, { reopen: connect, waitMs: 20_000, timeoutMs: 45_000 });

  it('creates its topics with the configured retention', async () => {
    const topic = `retention-${uniqueSuffix()}`;
    const bus = await KafkaEventBus.connect({ brokers: brokers!.split(','), clientId: 'nocturne-retention', partitions: { [topic]: 1 }, retentionMs: 3_600_000 });
    const admin = new Kafka({ brokers: brokers!.split(','), clientId: 'nocturne-retention-check' }).admin();
    try {
      await admin.connect();
      const described = await admin.describeConfigs({ includeSynonyms: false, resources: [{ type: ConfigResourceTypes.TOPIC, name: topic, configNames: ['retention.ms'] }] });
      expect(described.resources[0]?.configEntries.find((entry) => entry.configName === 'retention.ms')?.configValue).toBe('3600000');
    } finally {
      await admin.disconnect();
      await bus.close();
    }
  }, 30_000);

  it('processes creating overlapping topics at once each subscribe and publish as soon as they are connected', async () => {
    // Services starting together on a fresh broker: each creates its topics, many of them the same. One that
    // loses the race for a shared topic must still wait until the broker serves all of its topics, or its
    // first subscribe fails ("This server does not host this topic-partition").
    const processes = 4;
    for (let round = 0; round < 3; round++) {
      const topics = Array.from({ length: processes + 1 }, (_, i) => `overlap-${i}-${uniqueSuffix()}`);
      const buses = await Promise.all(
        Array.from({ length: processes }, (_, i) =>
          KafkaEventBus.connect({ brokers: brokers!.split(','), clientId: `nocturne-overlap-${i}`, partitions: { [topics[i]!]: 2, [topics[i + 1]!]: 2 } }),
        ),
      );
      try {
        const received = buses.map((): DeliveredMessage[] => []);
        await Promise.all(buses.map((bus, i) => bus.subscribe({ groupId: `overlap-${i}-${uniqueSuffix()}`, topics, handler: async (m) => void received[i]!.push(m) })));
        await Promise.all(topics.map((topic) => buses[0]!.publish(topic, [{ key: 'k', event: integrationEvent('k') }])));
        await eventually(() => expect(received.map((messages) => messages.length)).toEqual(buses.map(() => topics.length)), { timeoutMs: 30_000 });
      } finally {
        await Promise.all(buses.map((bus) => bus.close()));
      }
    }
  }, 120_000);

  it('leaves an idle connection idle: no check of its request queue every millisecond', async () => {
    const topic = `idle-${uniqueSuffix()}`;
    const bus = await KafkaEventBus.connect({ brokers: brokers!.split(','), clientId: 'nocturne-idle', partitions: { [topic]: 1 } });
    const queue = kafkajsRequestQueue.prototype;
    const check = queue.checkPendingRequests;
    let checks = 0;
    queue.checkPendingRequests = function (this: typeof queue) {
      checks++;
      check.call(this);
    };
    try {
      const received: DeliveredMessage[] = [];
      await bus.subscribe({ groupId: `idle-${uniqueSuffix()}`, topics: [topic], handler: async (m) => void received.push(m) });
      await bus.publish(topic, [{ key: 'k', event: integrationEvent('k') }]);
      await eventually(() => expect(received).toHaveLength(1), { timeoutMs: 20_000 });
      // A second with nothing to do: the consumer's fetches (every 500 ms) and heartbeats (every second)
      // are answered, each answer checks the queue once; kafkajs's own loop checked it about 1,000 times
      // a second on each of the connections.
      checks = 0;
      const began = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(checks / ((Date.now() - began) / 1000)).toBeLessThan(100);
    } finally {
      queue.checkPendingRequests = check;
      await bus.close();
    }
  }, 60_000);
});
