import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import mongoose from 'mongoose';
import type { Adapters } from '../adapters';
import { MongoEventStore } from '../mongo/eventStore';
import { MongoSubjectKeyStore } from '../privacy/mongoSubjectKeyStore';
import { PersonalDataVault } from '../privacy/vault';
import { uniqueSuffix } from './eventually';

export type ErasableStorage = Pick<Adapters, 'eventStore' | 'personalData'>;

/**
 * Where a service's events and personal-data keys live, with their raw bytes as text, for tests that
 * prove an erased person's data is gone from storage itself and not only from what the code reads.
 */
export interface PersonalDataStorage {
  name: string;
  /** Storage for one run of the service; undefined keeps the service's own embedded stores. */
  open(): Promise<ErasableStorage | undefined>;
  raw(dataDir: string): Promise<string>;
  close(): Promise<void>;
}

function embeddedStorage(service: string): PersonalDataStorage {
  return {
    name: 'events.log of the embedded store',
    open: async () => undefined,
    raw: async (dataDir) => ['events.log', 'subject-keys.jsonl', 'checkpoints.json'].map((file) => readFileSync(join(dataDir, service, file), 'utf8')).join('\n'),
    close: async () => undefined,
  };
}

function mongoStorage(service: string, uri: string): PersonalDataStorage {
  let connection: mongoose.Connection | undefined;
  const database = `nocturne_test_${service}_erasure_${uniqueSuffix()}`;
  const opened: Array<{ close(): Promise<void> }> = [];
  const db = async () => {
    connection ??= await mongoose.createConnection(uri, { serverSelectionTimeoutMS: 10_000 }).asPromise();
    return connection.useDb(database, { useCache: true }).db!;
  };
  return {
    name: 'events collection on MongoDB',
    async open() {
      const eventStore = await MongoEventStore.open(await db());
      const personalData = new PersonalDataVault({ store: await MongoSubjectKeyStore.open(await db()) });
      opened.push(eventStore, personalData);
      return { eventStore, personalData };
    },
    async raw() {
      const collections = await Promise.all(['events', 'subject_keys'].map(async (name) => (await db()).collection(name).find({}).toArray()));
      return JSON.stringify(collections);
    },
    async close() {
      for (const store of opened.splice(0)) await store.close();
      await connection?.useDb(database).dropDatabase().catch(() => undefined);
      await connection?.close();
    },
  };
}

/** The embedded store always; MongoDB too when MONGODB_URI points at a server (`npm run infra:up`). */
export function personalDataStorages(service: string, env: NodeJS.ProcessEnv = process.env): PersonalDataStorage[] {
  return [embeddedStorage(service), ...(env.MONGODB_URI ? [mongoStorage(service, env.MONGODB_URI)] : [])];
}
