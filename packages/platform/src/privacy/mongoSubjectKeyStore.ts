import type { mongo } from 'mongoose';
import type { SubjectKeyRecord, SubjectKeyStore } from './subjectKeyStore';

interface SubjectKeyDocument {
  subject: string;
  keyId: string;
  key?: string;
  createdAt: string;
  shreddedAt?: string;
}

const isDuplicateKey = (error: unknown) => (error as { code?: number })?.code === 11000;

const toRecord = (doc: SubjectKeyDocument): SubjectKeyRecord => ({
  subjectId: doc.subject,
  keyId: doc.keyId,
  createdAt: doc.createdAt,
  ...(doc.key !== undefined && { key: doc.key }),
  ...(doc.shreddedAt !== undefined && { shreddedAt: doc.shreddedAt }),
});

/**
 * Keys as documents of `subject_keys` in the service's database, one per subject (unique index). No
 * transactions: the unique index decides between concurrent creators, and a shred is one update that
 * unsets the key. MongoDB may keep the old bytes in its data files until they are reused or compacted,
 * and backups keep them until they expire.
 */
export class MongoSubjectKeyStore implements SubjectKeyStore {
  private constructor(private readonly collection: mongo.Collection<SubjectKeyDocument>) {}

  static async open(db: mongo.Db, collection = 'subject_keys'): Promise<MongoSubjectKeyStore> {
    const keys = db.collection<SubjectKeyDocument>(collection);
    await keys.createIndex({ subject: 1 }, { unique: true, name: 'subject_unique' });
    return new MongoSubjectKeyStore(keys);
  }

  async get(subjectId: string): Promise<SubjectKeyRecord | null> {
    const doc = await this.collection.findOne({ subject: subjectId }, { projection: { _id: 0 } });
    return doc ? toRecord(doc) : null;
  }

  async create(record: SubjectKeyRecord): Promise<SubjectKeyRecord> {
    try {
      await this.collection.insertOne({
        subject: record.subjectId,
        keyId: record.keyId,
        createdAt: record.createdAt,
        ...(record.key !== undefined && { key: record.key }),
        ...(record.shreddedAt !== undefined && { shreddedAt: record.shreddedAt }),
      });
      return { ...record };
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const winner = await this.get(record.subjectId);
      if (!winner) throw error;
      return winner;
    }
  }

  async shred(subjectId: string, at: string): Promise<void> {
    const live = { subject: subjectId, shreddedAt: { $exists: false } };
    const forget = { $set: { shreddedAt: at }, $unset: { key: '' as const } };
    if ((await this.collection.updateOne(live, forget)).matchedCount > 0) return;
    try {
      await this.collection.insertOne({ subject: subjectId, keyId: '', createdAt: at, shreddedAt: at });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // A tombstone was there already, or a creator got in between: then its new key goes too.
      await this.collection.updateOne(live, forget);
    }
  }

  async close(): Promise<void> {}
}
