import { ConfigResourceTypes, Kafka } from 'kafkajs';
import { eventBusContract, uniqueSuffix } from '../testing';
import { KafkaEventBus } from './eventBus';

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
});
