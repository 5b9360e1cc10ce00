import { mongo } from 'mongoose';
import { DuplicateKeyError, type Filter, type FindOptions, type IndexSpec, type NumberFieldOf, type ReadModelCollection, type ReadModelDocument, type ReadModelStore } from '../ports';
import { definedChanges, indexName } from '../readModelShared';

type Doc = mongo.Document & { _id: string };

/** The fields of the unique index a write ran into (MongoDB names them in `keyPattern`), or null for another error. */
function duplicateKeyFields(error: unknown): string[] | null {
  const { code, keyPattern } = error as { code?: number; keyPattern?: Record<string, unknown> };
  if (code !== 11000) return null;
  return keyPattern ? Object.keys(keyPattern) : [];
}

class MongoReadModelCollection<T extends ReadModelDocument> implements ReadModelCollection<T> {
  constructor(
    private readonly name: string,
    private readonly collection: mongo.Collection<Doc>,
    private readonly ready: Promise<unknown>,
  ) {}

  private async write<R>(work: () => Promise<R>): Promise<R> {
    await this.ready;
    try {
      return await work();
    } catch (error) {
      const fields = duplicateKeyFields(error);
      if (fields) throw new DuplicateKeyError(this.name, fields);
      throw error;
    }
  }

  async upsert(doc: T): Promise<void> {
    if (typeof doc._id !== 'string' || doc._id === '') throw new Error(`${this.name}: _id must be a non-empty string`);
    await this.write(() => this.collection.replaceOne({ _id: doc._id }, doc as unknown as Doc, { upsert: true }));
  }

  upsertNewer(doc: T & { version: number }): Promise<boolean> {
    return this.writeIfNewer(doc, (filter) => this.collection.replaceOne(filter, doc as unknown as Doc, { upsert: true }));
  }

  incrementNewer<K extends NumberFieldOf<T>>(doc: Omit<T, K> & { _id: string; version: number }, field: K, by: number): Promise<boolean> {
    const { _id, ...fields } = doc as unknown as Record<string, unknown>;
    return this.writeIfNewer(doc, (filter) => this.collection.updateOne(filter, { $set: fields, $inc: { [field]: by } } as mongo.UpdateFilter<Doc>, { upsert: true }));
  }

  /**
   * Runs `upsert` (a write with upsert) with the filter of `doc`'s id and a stored version lower than its
   * own, or none; false when the stored document is as new or newer (the filter missed it, so the upsert's
   * insert met its _id).
   */
  private async writeIfNewer(doc: { _id: string; version: number }, upsert: (filter: mongo.Filter<Doc>) => Promise<unknown>): Promise<boolean> {
    if (typeof doc._id !== 'string' || doc._id === '') throw new Error(`${this.name}: _id must be a non-empty string`);
    try {
      await this.write(() => upsert({ _id: doc._id, version: { $not: { $gte: doc.version } } } as mongo.Filter<Doc>));
      return true;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const stored = (await this.get(doc._id)) as { version?: unknown } | null;
      if (typeof stored?.version === 'number' && stored.version >= doc.version) return false;
      throw error;
    }
  }

  async update(id: string, changes: Partial<Omit<T, '_id'>>): Promise<boolean> {
    const set = definedChanges(changes as Record<string, unknown>);
    if ('_id' in set) throw new Error(`${this.name}: update cannot change _id`);
    if (Object.keys(set).length === 0) return (await this.get(id)) !== null;
    const result = await this.write(() => this.collection.updateOne({ _id: id }, { $set: set }));
    return result.matchedCount > 0;
  }

  async get(id: string): Promise<T | null> {
    await this.ready;
    return (await this.collection.findOne({ _id: id })) as T | null;
  }

  async getMany(ids: readonly string[]): Promise<Map<string, T>> {
    await this.ready;
    if (ids.length === 0) return new Map();
    const docs = (await this.collection.find({ _id: { $in: [...new Set(ids)] } }).toArray()) as T[];
    return new Map(docs.map((doc) => [doc._id, doc]));
  }

  async findOne(filter: Filter): Promise<T | null> {
    const [doc] = await this.find(filter, { limit: 1 });
    return doc ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    await this.ready;
    let cursor = this.collection.find(filter as mongo.Filter<Doc>);
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()) as unknown as T[];
  }

  async count(filter: Filter): Promise<number> {
    await this.ready;
    return this.collection.countDocuments(filter as mongo.Filter<Doc>);
  }

  async delete(id: string): Promise<void> {
    await this.ready;
    await this.collection.deleteOne({ _id: id });
  }

  async deleteMany(filter: Filter): Promise<number> {
    await this.ready;
    return (await this.collection.deleteMany(filter as mongo.Filter<Doc>)).deletedCount;
  }
}

/** Read models as MongoDB collections; indexes are created (idempotently) when a collection is first asked for. */
export class MongoReadModelStore implements ReadModelStore {
  private readonly collections = new Map<string, { collection: MongoReadModelCollection<ReadModelDocument>; ready: Promise<unknown>[] }>();

  constructor(
    private readonly db: mongo.Db,
    private readonly onClose: () => Promise<void> = async () => {},
  ) {}

  collection<T extends ReadModelDocument>(name: string, options: { indexes?: IndexSpec[] } = {}): ReadModelCollection<T> {
    let entry = this.collections.get(name);
    const indexes = options.indexes ?? [];
    const ready = indexes.length
      ? this.db.collection<Doc>(name).createIndexes(indexes.map((spec) => ({ key: spec.fields as Record<string, mongo.IndexDirection>, name: indexName(spec), unique: spec.unique ?? false })))
      : Promise.resolve();
    // Keep the rejection observable through every operation, not as an unhandled rejection.
    ready.catch(() => undefined);
    if (!entry) {
      const all: Promise<unknown>[] = [ready];
      entry = { collection: new MongoReadModelCollection(name, this.db.collection<Doc>(name), Promise.all(all)), ready: all };
      this.collections.set(name, entry);
      return entry.collection as unknown as ReadModelCollection<T>;
    }
    if (indexes.length === 0) return entry.collection as unknown as ReadModelCollection<T>;
    const combined = Promise.all([...entry.ready, ready]);
    const collection = new MongoReadModelCollection(name, this.db.collection<Doc>(name), combined);
    this.collections.set(name, { collection, ready: [...entry.ready, ready] });
    return collection as unknown as ReadModelCollection<T>;
  }

  async close(): Promise<void> {
    await this.onClose();
  }
}
