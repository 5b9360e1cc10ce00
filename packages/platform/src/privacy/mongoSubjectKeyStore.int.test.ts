import mongoose from 'mongoose';
import { uniqueSuffix } from '../testing';
import { MongoSubjectKeyStore } from './mongoSubjectKeyStore';
import { subjectKeyStoreContract } from '../testing/subjectKeyStoreContract';

// Needs a MongoDB-compatible server, which only the real-infrastructure runs have: `npm run infra:up`,
// then MONGODB_URI=mongodb://127.0.0.1:27017. Without it the suite is skipped.
const uri = process.env.MONGODB_URI;
const d = uri ? describe : describe.skip;

d('MongoDB subject key store', () => {
  let connection: mongoose.Connection;
  const database = `nocturne_test_keys_${uniqueSuffix()}`;
  const db = () => connection.useDb(database, { useCache: true }).db!;

  beforeAll(async () => {
    connection = await mongoose.createConnection(uri!, { serverSelectionTimeoutMS: 10_000 }).asPromise();
  });
  afterAll(async () => {
    await connection.useDb(database).dropDatabase().catch(() => undefined);
    await connection.close();
  });

  subjectKeyStoreContract('MongoDB', () => MongoSubjectKeyStore.open(db()), {
    reopen: () => MongoSubjectKeyStore.open(db()),
    rawStorage: async () => JSON.stringify(await db().collection('subject_keys').find({}).toArray()),
    timeoutMs: 20_000,
  });
});
