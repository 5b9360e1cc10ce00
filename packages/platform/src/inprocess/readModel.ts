import { find as mingoFind, update as mingoUpdate, Query } from 'mingo';
import { DuplicateKeyError, type Filter, type FindOptions, type IndexSpec, type NumberFieldOf, type ReadModelCollection, type ReadModelDocument, type ReadModelStore } from '../ports';
import { definedChanges } from '../readModelShared';
import { chooseIndex, NumberIndex } from './numberIndex';

/**
 * Read models hold JSON (as they would in MongoDB): a copy is parsed from the document's JSON text, a
 * third of the cost of a structured clone, which every read paid for each document it answered.
 */
const copyOf = <T>(text: string): T => JSON.parse(text) as T;

function valueAt(doc: unknown, path: string): unknown {
  let current = doc;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return null;
    current = (current as Record<string, unknown>)[part];
  }
  // Like MongoDB, a missing field indexes as null.
  return current === undefined ? null : current;
}

class InProcessCollection<T extends ReadModelDocument> implements ReadModelCollection<T> {
  private readonly docs = new Map<string, T>();
  /** Each document's JSON text: what reads answer copies of. */
  private readonly texts = new Map<string, string>();
  /** When each id was first stored: results keep the order a full scan of `docs` would give. */
  private readonly insertionOrder = new Map<string, number>();
  private inserted = 0;
  readonly uniqueIndexes: string[][] = [];
  /** Each field of the declared indexes, kept sorted when its values are numbers (see NumberIndex). */
  private readonly numberIndexes = new Map<string, NumberIndex>();

  constructor(readonly name: string) {}

  addIndexes(indexes: IndexSpec[]): void {
    for (const index of indexes) {
      for (const [field, kind] of Object.entries(index.fields)) {
        if (kind === '2dsphere' || field.includes('.') || this.numberIndexes.has(field)) continue;
        const numberIndex = new NumberIndex(field);
        for (const [id, doc] of this.docs) numberIndex.add(id, doc);
        this.numberIndexes.set(field, numberIndex);
      }
      if (!index.unique) continue;
      const fields = Object.keys(index.fields);
      if (!this.uniqueIndexes.some((existing) => existing.join() === fields.join())) this.uniqueIndexes.push(fields);
    }
  }

  /** Stores what `text` holds; `doc` is a fresh parse of it, nobody else's. */
  private store(id: string, doc: T, text: string): void {
    const previous = this.docs.get(id);
    for (const index of this.numberIndexes.values()) {
      // Most updates leave the indexed fields as they were (a counter, a flag): nothing to move.
      if (previous && index.usable && index.valueOf(previous) !== undefined && index.valueOf(previous) === index.valueOf(doc)) continue;
      if (previous) index.remove(id, previous);
      index.add(id, doc);
    }
    if (!previous) this.insertionOrder.set(id, this.inserted++);
    this.docs.set(id, doc);
    this.texts.set(id, text);
  }

  private drop(id: string): void {
    const previous = this.docs.get(id);
    if (!previous) return;
    for (const index of this.numberIndexes.values()) index.remove(id, previous);
    this.docs.delete(id);
    this.texts.delete(id);
    this.insertionOrder.delete(id);
  }

  /** The documents a filter can match: through the narrowest numeric index it names, else all of them. */
  private candidates(filter: Filter): T[] {
    const chosen = chooseIndex(filter, this.numberIndexes.values());
    if (!chosen) return [...this.docs.values()];
    const order = (doc: T) => this.insertionOrder.get(doc._id)!;
    return chosen.index
      .idsWithin(chosen.bounds)
      .map((id) => this.docs.get(id)!)
      .filter(chosen.alsoWithin)
      .sort((a, b) => order(a) - order(b));
  }

  private assertUnique(doc: T): void {
    for (const fields of this.uniqueIndexes) {
      const key = JSON.stringify(fields.map((field) => valueAt(doc, field)));
      for (const other of this.docs.values()) {
        if (other._id !== doc._id && JSON.stringify(fields.map((field) => valueAt(other, field))) === key) {
          throw new DuplicateKeyError(this.name, fields);
        }
      }
    }
  }

  async upsert(doc: T): Promise<void> {
    if (typeof doc._id !== 'string' || doc._id === '') throw new Error(`${this.name}: _id must be a non-empty string`);
    const text = JSON.stringify(doc);
    const copy = copyOf<T>(text);
    this.assertUnique(copy);
    this.store(copy._id, copy, text);
  }

  async upsertNewer(doc: T & { version: number }): Promise<boolean> {
    if (this.holdsNewer(doc)) return false;
    await this.upsert(doc);
    return true;
  }

  async incrementNewer<K extends NumberFieldOf<T>>(doc: Omit<T, K> & { _id: string; version: number }, field: K, by: number): Promise<boolean> {
    if (this.holdsNewer(doc)) return false;
    const stored = this.docs.get(doc._id) as Record<string, unknown> | undefined;
    const count = typeof stored?.[field] === 'number' ? (stored[field] as number) : 0;
    await this.upsert({ ...stored, ...doc, [field]: count + by } as unknown as T);
    return true;
  }

  /** Whether the stored document of `doc`'s id has the same version as `doc` or a higher one. */
  private holdsNewer(doc: { _id: string; version: number }): boolean {
    const version = (this.docs.get(doc._id) as { version?: unknown } | undefined)?.version;
    return typeof version === 'number' && version >= doc.version;
  }

  async update(id: string, changes: Partial<Omit<T, '_id'>>): Promise<boolean> {
    const existing = this.docs.get(id);
    if (!existing) return false;
    const set = definedChanges(changes as Record<string, unknown>);
    if ('_id' in set) throw new Error(`${this.name}: update cannot change _id`);
    if (Object.keys(set).length === 0) return true;
    const next = copyOf<T>(this.texts.get(id)!);
    mingoUpdate(next as unknown as Record<string, unknown>, { $set: copyOf(JSON.stringify(set)) } as never);
    this.assertUnique(next);
    this.store(id, next, JSON.stringify(next));
    return true;
  }

  async get(id: string): Promise<T | null> {
    const text = this.texts.get(id);
    return text === undefined ? null : copyOf<T>(text);
  }

  async getMany(ids: readonly string[]): Promise<Map<string, T>> {
    const docs = new Map<string, T>();
    for (const id of ids) {
      const text = this.texts.get(id);
      if (text !== undefined) docs.set(id, copyOf<T>(text));
    }
    return docs;
  }

  async findOne(filter: Filter): Promise<T | null> {
    const [doc] = await this.find(filter, { limit: 1 });
    return doc ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const candidates = this.candidates(filter);
    if (candidates.length === 0) return [];
    let cursor = mingoFind(candidates, filter);
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (cursor.all() as T[]).map((doc) => copyOf<T>(this.texts.get(doc._id)!));
  }

  async count(filter: Filter): Promise<number> {
    const candidates = this.candidates(filter);
    // Compiling the query costs more than testing a few documents: none to test (a swipe's check for blocks), none compiled.
    if (candidates.length === 0) return 0;
    const query = new Query(filter);
    let n = 0;
    for (const doc of candidates) if (query.test(doc as never)) n++;
    return n;
  }

  async delete(id: string): Promise<void> {
    this.drop(id);
  }

  async deleteMany(filter: Filter): Promise<number> {
    const query = new Query(filter);
    let n = 0;
    for (const doc of this.candidates(filter)) {
      if (query.test(doc as never)) {
        this.drop(doc._id);
        n++;
      }
    }
    return n;
  }
}

/**
 * Read models in memory, queried with mingo (the MongoDB query language). Nothing is persisted: read
 * models are rebuilt from the event store at start. The fields of the declared indexes narrow numeric
 * range and equality conditions before mingo tests what is left (the deck's coordinate boxes among
 * 100,000 people); 2dsphere indexes are accepted and ignored.
 */
export class InProcessReadModelStore implements ReadModelStore {
  private readonly collections = new Map<string, InProcessCollection<ReadModelDocument>>();

  collection<T extends ReadModelDocument>(name: string, options: { indexes?: IndexSpec[] } = {}): ReadModelCollection<T> {
    let collection = this.collections.get(name);
    if (!collection) this.collections.set(name, (collection = new InProcessCollection(name)));
    collection.addIndexes(options.indexes ?? []);
    return collection as unknown as ReadModelCollection<T>;
  }

  async close(): Promise<void> {}
}
