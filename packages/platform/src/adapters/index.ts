import { join, resolve } from 'node:path';
import { REAL_VARIABLES, usesRealInfrastructure } from '../infrastructureMode';
import {
  FileBlobStore,
  FileCheckpointStore,
  InProcessEventBus,
  InProcessEventStore,
  InProcessKeyValueStore,
  InProcessReadModelStore,
  MemoryBlobStore,
  MemoryCheckpointStore,
} from '../inprocess';
import { READ_YOUR_WRITES_KEY_PREFIX } from '../kit/readYourWrites';
import type { Logger } from '../logging';
import { EPHEMERAL_KEY_PREFIX } from '../ports';
import { FileSubjectKeyStore, MemorySubjectKeyStore, parseMasterKey, PersonalDataVault } from '../privacy';
import { RELAY_LEASE_KEY_PREFIX } from '../relay/outboxRelay';
import { instrumentEventStore, type ProductCounterRule } from '../telemetry/instrumentedEventStore';
import type { Adapters, InProcessInfrastructure } from './adapters';
import { createRealAdapters } from './real';

export type { Adapters, InProcessInfrastructure } from './adapters';
export { createRealAdapters, DATABASE_SELECTION_TIMEOUT_MS, PUBLISHED_KEYS_DATABASE, type RealAdaptersOptions } from './real';

export interface InProcessInfrastructureOptions {
  /** Partitions per topic (default 4). */
  partitions?: Record<string, number>;
  /** How long the bus keeps a message (KAFKA_RETENTION_HOURS; default a week, like the Kafka topics). */
  retentionMs?: number;
  /** PERSONAL_DATA_KEY: wraps the published-data keys at rest. */
  personalDataKey?: Buffer;
  logger?: Logger;
}

/**
 * One bus (persisted under `<dataDir>/bus/`), the keys sealing the personal fields of its messages (in the
 * same folder) and one key-value store (its journal in `<dataDir>/kv/`, so sessions, rate-limit counters
 * and Idempotency-Key answers survive a restart of the embedded stack). `dataDir` undefined keeps
 * everything in memory.
 */
export function createInProcessInfrastructure(dataDir: string | undefined, options: InProcessInfrastructureOptions = {}): InProcessInfrastructure {
  const root = dataDir === undefined ? undefined : resolve(dataDir);
  const busDir = root === undefined ? undefined : join(root, 'bus');
  const bus = new InProcessEventBus({
    ...(busDir !== undefined && { dir: busDir }),
    ...(options.partitions && { partitions: options.partitions }),
    ...(options.retentionMs !== undefined && { retentionMs: options.retentionMs }),
    ...(options.logger && { logger: options.logger }),
  });
  const publishedPersonalData = new PersonalDataVault({
    store: busDir === undefined ? new MemorySubjectKeyStore() : new FileSubjectKeyStore(busDir),
    ...(options.personalDataKey && { masterKey: options.personalDataKey }),
  });
  // The store is this process's alone: a relay lease of an earlier run names a holder that is gone, and
  // ephemeral keys (live connections, per-minute counters, read-your-writes marks) belong to the run that wrote them.
  const kv = new InProcessKeyValueStore(root === undefined ? {} : { dir: join(root, 'kv'), volatilePrefixes: [RELAY_LEASE_KEY_PREFIX, EPHEMERAL_KEY_PREFIX, READ_YOUR_WRITES_KEY_PREFIX] });
  return {
    dataDir: root,
    bus,
    kv,
    publishedPersonalData,
    close: async () => {
      await bus.close();
      await publishedPersonalData.close();
      await kv.close();
    },
  };
}

export interface CreateAdaptersOptions {
  /** Names the service's data: `<dataDir>/<service>/` embedded, database `nocturne_<service>` on MongoDB. */
  service: string;
  /** Defaults to process.env: KAFKA_BROKERS, MONGODB_URI, REDIS_URL, NOCTURNE_DATA_DIR, PERSONAL_DATA_KEY. */
  env?: NodeJS.ProcessEnv;
  /** Embedded mode: the shared bus and key-value store; without it the service gets its own. */
  shared?: InProcessInfrastructure;
  /** Embedded mode: overrides NOCTURNE_DATA_DIR; null keeps everything in memory (tests). */
  dataDir?: string | null;
  /** Partitions per topic, for topic creation on Kafka and the in-process bus. */
  partitions?: Record<string, number>;
  logger?: Logger;
  /** The product counters this service's events feed (`ServiceDefinition.productCounters`). */
  productCounters?: readonly ProductCounterRule[];
}

export { usesRealInfrastructure };

const SERVICE_NAME = /^[a-z][a-z0-9-]{0,40}$/;

/**
 * The adapters of one service: real ones when KAFKA_BROKERS, MONGODB_URI and REDIS_URL are all set,
 * in-process ones otherwise.
 */
export async function createAdapters(options: CreateAdaptersOptions): Promise<Adapters> {
  const adapters = await connectAdapters(options);
  // Append latency, events by type, product counters and trace context, on both kinds of store.
  return { ...adapters, eventStore: instrumentEventStore(adapters.eventStore, { service: options.service, ...(options.productCounters && { productCounters: options.productCounters }) }) };
}

async function connectAdapters(options: CreateAdaptersOptions): Promise<Adapters> {
  const env = options.env ?? process.env;
  if (!SERVICE_NAME.test(options.service)) throw new Error(`service name must match ${SERVICE_NAME}, got "${options.service}"`);
  const personalDataKey = parseMasterKey(env.PERSONAL_DATA_KEY);
  if (usesRealInfrastructure(env)) {
    return createRealAdapters({
      ...(personalDataKey && { personalDataKey }),
      service: options.service,
      kafkaBrokers: env.KAFKA_BROKERS!.split(',').map((broker) => broker.trim()).filter(Boolean),
      mongodbUri: env.MONGODB_URI!,
      redisUrl: env.REDIS_URL!,
      retentionMs: retentionMsOf(env),
      ...(options.partitions && { partitions: options.partitions }),
      ...(options.logger && { logger: options.logger }),
    });
  }
  const missing = REAL_VARIABLES.filter((name) => !env[name]?.trim());
  if (missing.length < REAL_VARIABLES.length) {
    options.logger?.warn({ missing }, 'some real-infrastructure variables are set but not all; using the in-process adapters');
  }
  return createEmbeddedAdapters(options, env, personalDataKey);
}

/** How long published events stay on the bus, Kafka or embedded: KAFKA_RETENTION_HOURS. */
export const retentionMsOf = (env: NodeJS.ProcessEnv): number => parseRetentionHours(env.KAFKA_RETENTION_HOURS) * 3_600_000;

/** A week unless KAFKA_RETENTION_HOURS says otherwise (a whole number of hours, at least 1). */
export function parseRetentionHours(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 168;
  const hours = Number(value);
  if (!Number.isSafeInteger(hours) || hours < 1) throw new Error(`KAFKA_RETENTION_HOURS must be a whole number of hours, at least 1`);
  return hours;
}

function createEmbeddedAdapters(options: CreateAdaptersOptions, env: NodeJS.ProcessEnv, personalDataKey: Buffer | undefined): Adapters {
  const root =
    options.dataDir === null ? undefined : resolve(options.dataDir ?? options.shared?.dataDir ?? (env.NOCTURNE_DATA_DIR?.trim() || '.data'));
  const dir = root === undefined ? undefined : join(root, options.service);
  const own =
    options.shared ??
    createInProcessInfrastructure(dir === undefined ? undefined : dir, {
      ...(options.partitions && { partitions: options.partitions }),
      ...(personalDataKey && { personalDataKey }),
      retentionMs: retentionMsOf(env),
      ...(options.logger && { logger: options.logger }),
    });
  const eventStore = new InProcessEventStore({ ...(dir !== undefined && { dir }), ...(options.logger && { logger: options.logger }) });
  const readModels = new InProcessReadModelStore();
  const blobs = dir === undefined ? new MemoryBlobStore() : new FileBlobStore(dir);
  const checkpoints = dir === undefined ? new MemoryCheckpointStore() : new FileCheckpointStore(join(dir, 'checkpoints.json'));
  // Without PERSONAL_DATA_KEY the data keys sit unwrapped next to the events: shredding still erases, but
  // a copy of the data directory holds keys and ciphertext together.
  const personalData = new PersonalDataVault({
    store: dir === undefined ? new MemorySubjectKeyStore() : new FileSubjectKeyStore(dir),
    ...(personalDataKey && { masterKey: personalDataKey }),
  });
  return {
    mode: 'embedded',
    eventStore,
    bus: own.bus,
    kv: own.kv,
    readModels,
    blobs,
    checkpoints,
    projectionCheckpoints: new MemoryCheckpointStore(),
    personalData,
    publishedPersonalData: own.publishedPersonalData,
    dependencies: {},
    close: async () => {
      await eventStore.close();
      await checkpoints.close();
      await personalData.close();
      await readModels.close();
      await blobs.close();
      if (!options.shared) await own.close();
    },
  };
}
