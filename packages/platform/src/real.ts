import mongoose from 'mongoose';
import type { Adapters } from './adapters';
import { KafkaEventBus } from './kafka/eventBus';
import type { Logger } from './logging';
import { GridFsBlobStore, MongoCheckpointStore, MongoEventStore, MongoReadModelStore } from './mongo';
import { MongoSubjectKeyStore, PersonalDataVault } from './privacy';
import { RedisKeyValueStore } from './redis';

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
    const connection = await mongoose.createConnection(options.mongodbUri, { dbName: `nocturne_${options.service}`, serverSelectionTimeoutMS: 10_000 }).asPromise();
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
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
