import mongoose from 'mongoose';
import type { Adapters } from './adapters';
import { KafkaEventBus } from '../kafka/eventBus';
import type { Logger } from '../logging';
import { GridFsBlobStore, MongoCheckpointStore, MongoEventStore, MongoReadModelStore } from '../mongo';
import { MongoSubjectKeyStore, PersonalDataVault } from '../privacy';
import { dependencyFailureOf } from '../ports';
import { RedisKeyValueStore } from '../redis';

/** The database of the keys sealing published personal data, shared by every service. */
export const PUBLISHED_KEYS_DATABASE = 'nocturne_keys';

export interface RealAdaptersOptions {
  service: string;
  kafkaBrokers: string[];
  mongodbUri: string;
  redisUrl: string;
  partitions?: Record<string, number>;
  /** KAFKA_RETENTION_HOURS: how long the topics this service creates keep their messages. */
  retentionMs?: number;
  /** PERSONAL_DATA_KEY: wraps the per-person data keys stored in MongoDB. */
  personalDataKey?: Buffer;
  logger?: Logger;
}

/**
 * How long an operation waits for a database server when none answers: then it fails, and the request
 * answers 503 (the driver's default, 30 s, and our former 10 s kept people waiting). A server that is up
 * is always selectable at once, however slow its queries are.
 */
export const DATABASE_SELECTION_TIMEOUT_MS = 2_000;
/** How long a starting service keeps trying to reach the database before it gives up. */
const DATABASE_CONNECT_PATIENCE_MS = 15_000;

/** Connects to the database, trying again (short selection timeout each time) until the patience runs out. */
async function connectDatabase(uri: string, dbName: string, logger?: Logger): Promise<mongoose.Connection> {
  const deadline = Date.now() + DATABASE_CONNECT_PATIENCE_MS;
  for (;;) {
    const connection = mongoose.createConnection(uri, { dbName, serverSelectionTimeoutMS: DATABASE_SELECTION_TIMEOUT_MS });
    try {
      return await connection.asPromise();
    } catch (error) {
      await connection.close().catch(() => undefined);
      // Only a server that is away is worth waiting for; a bad address or credentials are not.
      if (Date.now() >= deadline || !dependencyFailureOf(error)) throw error;
      logger?.warn({ err: error }, 'the database does not answer yet; trying again');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Kafka, MongoDB (database `nocturne_<service>`) and Redis; whatever connected is closed again if a later step fails. */
export async function createRealAdapters(options: RealAdaptersOptions): Promise<Adapters> {
  const cleanups: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        options.logger?.warn({ err: error }, 'closing an adapter failed');
      }
    }
  };
  try {
    const connection = await connectDatabase(options.mongodbUri, `nocturne_${options.service}`, options.logger);
    cleanups.push(() => connection.close());
    const db = connection.db;
    if (!db) throw new Error('MongoDB connection has no database');
    const eventStore = await MongoEventStore.open(db, { ...(options.logger && { logger: options.logger }) });
    cleanups.push(() => eventStore.close());
    if (!options.personalDataKey) options.logger?.warn('PERSONAL_DATA_KEY is not set: per-person data keys are stored unwrapped in MongoDB');
    const personalData = new PersonalDataVault({
      store: await MongoSubjectKeyStore.open(db),
      ...(options.personalDataKey && { masterKey: options.personalDataKey }),
    });
    cleanups.push(() => personalData.close());
    // One key store for every service: producers seal published personal fields, consumers open them.
    const keysDb = connection.useDb(PUBLISHED_KEYS_DATABASE, { useCache: true }).db;
    if (!keysDb) throw new Error(`MongoDB connection has no database ${PUBLISHED_KEYS_DATABASE}`);
    const publishedPersonalData = new PersonalDataVault({
      store: await MongoSubjectKeyStore.open(keysDb),
      ...(options.personalDataKey && { masterKey: options.personalDataKey }),
    });
    cleanups.push(() => publishedPersonalData.close());
    const kv = await RedisKeyValueStore.connect(options.redisUrl, { ...(options.logger && { logger: options.logger }) });
    cleanups.push(() => kv.close());
    const bus = await KafkaEventBus.connect({
      brokers: options.kafkaBrokers,
      clientId: `nocturne-${options.service}`,
      ...(options.partitions && { partitions: options.partitions }),
      ...(options.retentionMs !== undefined && { retentionMs: options.retentionMs }),
      ...(options.logger && { logger: options.logger }),
    });
    cleanups.push(() => bus.close());
    return {
      mode: 'real',
      eventStore,
      bus,
      kv,
      readModels: new MongoReadModelStore(db),
      blobs: new GridFsBlobStore(db),
      checkpoints: new MongoCheckpointStore(db),
      // Read models persist here, so their projections resume where they stopped.
      projectionCheckpoints: new MongoCheckpointStore(db, 'projection_checkpoints'),
      personalData,
      publishedPersonalData,
      dependencies: {
        database: { probe: async () => (await db.command({ ping: 1 })).ok === 1 },
        redis: { probe: () => kv.ping() },
        kafka: { probe: () => bus.ping(), whenDown: 'degraded', note: 'Kafka is away: writes are kept in the outbox and published once it is back' },
      },
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
