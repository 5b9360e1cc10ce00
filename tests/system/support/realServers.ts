import { randomBytes } from 'node:crypto';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import mongoose from 'mongoose';
import { retentionMsOf, type Adapters } from '@nocturne/platform/adapters';
import type { EventBus } from '@nocturne/platform/ports';
import { hasRealInfrastructure as hasRealInfrastructureIn } from '@nocturne/platform/testing';

// The real servers the suites of real/ and both/ use (infra/up.sh's, or docker-compose's): their variables,
// Kafka topics read from the side, the profile service's read model, and adapters that publish only.

/** The three variables that switch every process to real infrastructure. */
export const realInfrastructure = {
  KAFKA_BROKERS: process.env.KAFKA_BROKERS?.trim() ?? '',
  MONGODB_URI: process.env.MONGODB_URI?.trim() ?? '',
  REDIS_URL: process.env.REDIS_URL?.trim() ?? '',
};
export const hasRealInfrastructure = hasRealInfrastructureIn();

/**
 * Sign-up and sign-in limits per address far above what the suites do: every request of a test comes from
 * 127.0.0.1, and Redis keeps the counters between runs. The limits themselves are tested with their own values.
 */
export const liftedSignUpLimits = { RATE_SIGN_UP_ADDRESS_LIMIT: '10000', RATE_SIGN_IN_ADDRESS_LIMIT: '10000', RATE_SIGN_UP_TAKEN_EMAIL_LIMIT: '10000' } as const;

/**
 * Kafka for what a service publishes; what it would hear comes from `quiet`, an in-process bus of the test:
 * a test's instance must not join the consumer group of the real service on the shared topics (it would
 * take partitions from it and commit its offsets).
 */
export function publishingOnly(adapters: Adapters, quiet: EventBus): Adapters {
  const bus: EventBus = { publish: (topic, messages) => adapters.bus.publish(topic, messages), subscribe: (options) => quiet.subscribe(options), close: async () => {} };
  return { ...adapters, bus };
}

export interface Delivery {
  id: string;
  type: string;
  userId: number | undefined;
  /** The stream it was published from (`conversation-3-8`): how events without a person are told apart. */
  aggregateId: string | undefined;
  partition: number;
  offset: string;
}

/**
 * Makes `topic` as the services' bus would (4 partitions, the retention of KAFKA_RETENTION_HOURS) and
 * waits for its leaders. On a fresh broker a topic appears with its service's first publish, and a test
 * consumer joining earlier is told "This server does not host this topic-partition".
 */
export async function ensureTopic(topic: string, clientId = 'nocturne-real-stack-test'): Promise<void> {
  const admin = new Kafka({ clientId, brokers: realInfrastructure.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: 4, configEntries: [{ name: 'retention.ms', value: String(retentionMsOf(process.env)) }] }] });
  } finally {
    await admin.disconnect();
  }
}

/** A kafkajs consumer of `topic` in a fresh group, from the beginning; records every delivery. */
export class TopicWatcher {
  readonly deliveries: Delivery[] = [];
  private constructor(private readonly consumer: Consumer) {}

  static async start(topic: string): Promise<TopicWatcher> {
    await ensureTopic(topic);
    const kafka = new Kafka({ clientId: 'nocturne-real-stack-test', brokers: realInfrastructure.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING });
    const consumer = kafka.consumer({ groupId: `real-stack-test-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`, sessionTimeout: 10_000, heartbeatInterval: 1_000, maxWaitTimeInMs: 250 });
    const watcher = new TopicWatcher(consumer);
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ partition, message }) => {
        try {
          const event = JSON.parse(message.value?.toString('utf8') ?? '') as { id: string; type: string; aggregateId?: string; data?: { userId?: number } };
          watcher.deliveries.push({ id: event.id, type: event.type, userId: event.data?.userId, aggregateId: event.aggregateId, partition, offset: message.offset });
        } catch {
          // not an event of ours
        }
      },
    });
    return watcher;
  }

  /** Distinct event ids of `type` per user id, as an idempotent consumer (dedupe by id) counts them. */
  distinctIds(type: string, userIds: readonly number[]): Map<number, Set<string>> {
    const byUser = new Map<number, Set<string>>(userIds.map((id) => [id, new Set<string>()]));
    for (const delivery of this.deliveries) {
      if (delivery.type === type && delivery.userId !== undefined) byUser.get(delivery.userId)?.add(delivery.id);
    }
    return byUser;
  }

  async stop(): Promise<void> {
    await this.consumer.disconnect();
  }
}

/**
 * The profile service's read model on MongoDB (database `nocturne_profile`, collection `profiles`, one
 * row per user). The GraphQL answer cannot tell: a user without a row is shown a new profile's defaults.
 */
export class ProfileReadModel {
  private constructor(private readonly connection: mongoose.Connection) {}

  static async open(mongodbUri = realInfrastructure.MONGODB_URI): Promise<ProfileReadModel> {
    const connection = await mongoose.createConnection(mongodbUri, { dbName: 'nocturne_profile', serverSelectionTimeoutMS: 10_000 }).asPromise();
    return new ProfileReadModel(connection);
  }

  /** Rows per user id. */
  async count(userIds: readonly number[]): Promise<Record<number, number>> {
    const profiles = this.connection.db!.collection('profiles');
    const counts = await Promise.all(userIds.map(async (userId) => [userId, await profiles.countDocuments({ userId })] as const));
    return Object.fromEntries(counts);
  }

  close(): Promise<void> {
    return this.connection.close();
  }
}
