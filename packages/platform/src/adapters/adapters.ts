import type { CheckpointStore } from '../ports';
import type { ReadinessCheck } from '../http/subgraphServer';
import type { InProcessEventBus, InProcessKeyValueStore } from '../inprocess';
import type { BlobStore, EventBus, EventStore, KeyValueStore, ReadModelStore } from '../ports';
import type { PersonalDataVault } from '../privacy';

// What a service is given to store and exchange its data, whichever kind of servers is behind it. Types
// only: the real and the embedded adapters both build these, and the entry (index.ts) chooses.

export interface Adapters {
  /** `real` with Kafka, MongoDB and Redis; `embedded` with the in-process adapters. */
  mode: 'real' | 'embedded';
  eventStore: EventStore;
  bus: EventBus;
  kv: KeyValueStore;
  readModels: ReadModelStore;
  blobs: BlobStore;
  /** Positions of work whose results are durable (the outbox relay, processors that append events). */
  checkpoints: CheckpointStore;
  /**
   * Positions of projections: kept exactly as long as the read models are (in memory embedded, so read
   * models are rebuilt from the event store at start; in MongoDB otherwise, so they resume).
   */
  projectionCheckpoints: CheckpointStore;
  /** Per-person data keys of this service (crypto-shredding): `<data>/<service>/subject-keys.jsonl` or collection `subject_keys`. */
  personalData: PersonalDataVault;
  /**
   * Per-person keys every service shares, sealing the personal fields of published integration events:
   * `<data>/bus/subject-keys.jsonl` (with the bus) or database `nocturne_keys`. Shredded on account deletion.
   */
  publishedPersonalData: PersonalDataVault;
  /**
   * Readiness of the servers behind the adapters (real mode: `database` and `redis` make a service not
   * ready while away, `kafka` only degraded, as writes wait in the outbox); none embedded, all in-process.
   */
  dependencies: Record<string, ReadinessCheck>;
  /** Closes what this call created (never the shared infrastructure passed in). */
  close(): Promise<void>;
}

/** The bus and key-value store every service of the embedded single process shares. */
export interface InProcessInfrastructure {
  /** Root data directory; undefined when everything lives in memory. */
  dataDir: string | undefined;
  bus: InProcessEventBus;
  kv: InProcessKeyValueStore;
  /** The keys of published personal data, kept with the bus whose messages they open. */
  publishedPersonalData: PersonalDataVault;
  close(): Promise<void>;
}
