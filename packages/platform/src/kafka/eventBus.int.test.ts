import { eventBusContract } from '../testing';
import { KafkaEventBus } from './eventBus';

// Needs a Kafka broker: `npm run infra:up`, then KAFKA_BROKERS=127.0.0.1:9092.
const brokers = process.env.KAFKA_BROKERS;
const d = brokers ? describe : describe.skip;

d('Kafka', () => {
  const connect = () => KafkaEventBus.connect({ brokers: brokers!.split(','), clientId: 'nocturne-contract', defaultPartitions: 3, retryBackoffMs: 20 });
  eventBusContract('Kafka', connect, { reopen: connect, waitMs: 20_000, timeoutMs: 45_000 });
});
