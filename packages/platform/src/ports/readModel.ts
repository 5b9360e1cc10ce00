/** MongoDB query-language filter document ({ age: { $gte: 18 }, kinks: { $in: [...] } }). */
export type Filter = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  limit?: number;
  skip?: number;
}

export interface IndexSpec {
  fields: Record<string, 1 | -1 | '2dsphere'>;
  unique?: boolean;
}

export interface ReadModelDocument {
  _id: string;
}

/** The fields of `T` that hold a number. */
export type NumberFieldOf<T> = { [K in keyof T]-?: T[K] extends number ? K : never }[keyof T] & string;

export interface ReadModelCollection<T extends ReadModelDocument> {
  /** Inserts or replaces the whole document. */
  upsert(doc: T): Promise<void>;
  /**
   * Inserts the document, or replaces a stored one whose `version` is lower (or that has none), in one
   * write; writes nothing and answers false when the stored one's version is the same or higher (a
   * projection applying an event again: `versionedRows`).
   */
  upsertNewer(doc: T & { version: number }): Promise<boolean>;
  /**
   * Adds `by` to the number in `field` (a new document starts it at `by`) and sets the document's other
   * fields, in one write, unless the stored document's `version` is the same or higher: then it writes
   * nothing and answers false (a counter a projection moves once per event, however often it is applied).
   */
  incrementNewer<K extends NumberFieldOf<T>>(doc: Omit<T, K> & { _id: string; version: number }, field: K, by: number): Promise<boolean>;
  /** Applies a partial update ($set semantics) to an existing document; answers false when it does not exist. */
  update(id: string, changes: Partial<Omit<T, '_id'>>): Promise<boolean>;
  get(id: string): Promise<T | null>;
  /** The documents of `ids` that exist, by id, in one read (one round trip to a database, not one per id). */
  getMany(ids: readonly string[]): Promise<Map<string, T>>;
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  count(filter: Filter): Promise<number>;
  delete(id: string): Promise<void>;
  deleteMany(filter: Filter): Promise<number>;
}

export interface ReadModelStore {
  collection<T extends ReadModelDocument>(name: string, options?: { indexes?: IndexSpec[] }): ReadModelCollection<T>;
  close(): Promise<void>;
}

/** A unique index refused a write; the same error from every ReadModelStore implementation. */
export class DuplicateKeyError extends Error {
  override readonly name = 'DuplicateKeyError';
  constructor(
    readonly collection: string,
    readonly fields: string[],
  ) {
    super(`duplicate key in ${collection} on (${fields.join(', ')})`);
  }
}
