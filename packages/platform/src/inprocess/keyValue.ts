import { join } from 'node:path';
import type { KeyValueStore, SetOptions } from '../ports';
import { AppendLog } from './appendLog';

export interface InProcessKeyValueOptions {
  /** Milliseconds since the epoch; tests pass a fake clock to expire keys without sleeping. */
  now?: () => number;
  /** How often expired keys are swept (lazy expiry covers reads in between); 0 turns the sweep off. */
  sweepIntervalMs?: number;
  /** Folder of the journal (`journal.log`); without one, nothing survives a restart. */
  dir?: string;
  /**
   * The journal is compacted once it holds this many records more than its last compaction wrote, and
   * at least as many again as that compaction wrote (so rewriting stays a small share of the writes).
   */
  compactAfterRecords?: number;
  /**
   * Keys starting so are kept in memory only, never in the journal: what belongs to one run of the
   * process. A relay's lease (`RELAY_LEASE_KEY_PREFIX`) brought back after a crash would name a holder
   * that is gone and hold the new relay back until it ran out.
   */
  volatilePrefixes?: readonly string[];
}

export const KEY_VALUE_JOURNAL_FILE = 'journal.log';

/**
 * One line of the journal: what a write left behind, never the command. `x` is the absolute expiry (ms
 * since the epoch). `v` a string, `m` a whole set (written by compaction), `a`/`r` a member added or
 * removed (an emptied set is gone), `d` the key deleted.
 */
type JournalRecord =
  | { k: string; v: string; x?: number }
  | { k: string; m: string[]; x?: number }
  | { k: string; a: string }
  | { k: string; r: string }
  | { k: string; d: 1 };

type Entry = { kind: 'string'; value: string; expiresAt?: number } | { kind: 'set'; value: Set<string>; expiresAt?: number };

export class WrongTypeError extends Error {
  override readonly name = 'WrongTypeError';
  constructor(key: string) {
    super(`key ${key} holds a value of another kind`);
  }
}

/**
 * The Redis subset of the KeyValueStore port, in memory, optionally with a journal in `<dir>/journal.log`
 * (as Redis keeps an append-only file), so sessions, counters and leases survive a restart.
 *
 * Every operation reads and changes memory in one synchronous step, so increments, set-if-absent and
 * compare-and-set stay atomic; a write then appends the state it left behind to the journal and resolves
 * once that is fsync'd (group-committed with the writes made meanwhile). Reads and expiry in memory
 * write nothing: the journal keeps each key's absolute expiry, and loading drops what has expired. At
 * start, and whenever the journal has grown past `compactAfterRecords`, it is rewritten from the live
 * entries. Pub/sub is never kept (neither does Redis).
 */
export class InProcessKeyValueStore implements KeyValueStore {
  private readonly entries = new Map<string, Entry>();
  private readonly channels = new Map<string, Set<(message: string) => void>>();
  private readonly now: () => number;
  private readonly sweeper: NodeJS.Timeout | undefined;
  private readonly journalPath: string | undefined;
  private journalLog: AppendLog<JournalRecord> | undefined;
  private readonly compactAfterRecords: number;
  /** Records in the journal file, and how many of them its last compaction wrote. */
  private journalRecords = 0;
  private compactedRecords = 0;
  private compactionFailure: Error | undefined;
  private closed = false;
  private readonly volatilePrefixes: readonly string[];

  private isVolatile(key: string): boolean {
    return this.volatilePrefixes.some((prefix) => key.startsWith(prefix));
  }

  constructor(options: InProcessKeyValueOptions = {}) {
    this.now = options.now ?? Date.now;
    this.volatilePrefixes = options.volatilePrefixes ?? [];
    this.compactAfterRecords = options.compactAfterRecords ?? 10_000;
    if (options.dir !== undefined) {
      this.journalPath = join(options.dir, KEY_VALUE_JOURNAL_FILE);
      const loaded = AppendLog.open<JournalRecord>(this.journalPath);
      for (const record of loaded.records) this.replay(record);
      loaded.records.length = 0;
      void loaded.close();
      this.compact();
    }
    const interval = options.sweepIntervalMs ?? 60_000;
    if (interval > 0) {
      this.sweeper = setInterval(() => this.sweep(), interval);
      this.sweeper.unref();
    }
  }

  private replay(record: JournalRecord): void {
    // Written by a version that journaled everything: not brought back.
    if (this.isVolatile(record.k)) return;
    const existing = this.entries.get(record.k);
    if ('v' in record) this.entries.set(record.k, record.x === undefined ? { kind: 'string', value: record.v } : { kind: 'string', value: record.v, expiresAt: record.x });
    else if ('m' in record) this.entries.set(record.k, record.x === undefined ? { kind: 'set', value: new Set(record.m) } : { kind: 'set', value: new Set(record.m), expiresAt: record.x });
    // A member was added to a live set, or made a new one where the key held nothing live.
    else if ('a' in record) {
      if (existing?.kind === 'set') existing.value.add(record.a);
      else this.entries.set(record.k, { kind: 'set', value: new Set([record.a]) });
    } else if ('r' in record) {
      if (existing?.kind !== 'set') return;
      existing.value.delete(record.r);
      if (existing.value.size === 0) this.entries.delete(record.k);
    } else this.entries.delete(record.k);
  }

  /** Rewrites the journal from the live entries (write aside, fsync, rename), dropping the expired ones. */
  private compact(): void {
    const now = this.now();
    const records: JournalRecord[] = [];
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt !== undefined && entry.expiresAt <= now) {
        this.entries.delete(key);
        continue;
      }
      if (this.isVolatile(key)) continue;
      if (entry.kind === 'string') records.push(stringRecord(key, entry));
      else records.push(entry.expiresAt === undefined ? { k: key, m: [...entry.value] } : { k: key, m: [...entry.value], x: entry.expiresAt });
    }
    const previous = this.journalLog;
    AppendLog.rewrite(this.journalPath!, records);
    // The old file's pending appends finish on the replaced file; what they carry is in the new one already.
    void previous?.close();
    this.journalLog = AppendLog.open<JournalRecord>(this.journalPath!);
    this.journalLog.records.length = 0;
    this.journalRecords = this.compactedRecords = records.length;
  }

  /**
   * Makes a change memory already holds durable: resolves once it is fsync'd. Undefined without a
   * journal, so the memory-only store answers as it always did.
   */
  private journal(record: JournalRecord): Promise<void> | undefined {
    if (!this.journalLog || this.isVolatile(record.k)) return undefined;
    if (this.compactionFailure) return Promise.reject(this.compactionFailure);
    const written = this.journalLog.append([record]);
    this.journalRecords += 1;
    if (this.journalRecords - this.compactedRecords > Math.max(this.compactAfterRecords, this.compactedRecords)) {
      try {
        this.compact();
      } catch (error) {
        // Which file is in place is unknown, so nothing more is appended (the next start reads either whole).
        this.compactionFailure = new Error(`${this.journalPath}: compaction failed, so no more writes are taken: ${(error as Error).message}`, { cause: error });
      }
    }
    return written;
  }

  /** Drops expired keys; bounded so one sweep never stalls the event loop for long. */
  sweep(limit = 10_000): void {
    const now = this.now();
    let seen = 0;
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt !== undefined && entry.expiresAt <= now) this.entries.delete(key);
      if (++seen >= limit) break;
    }
  }

  /** Number of live keys (for tests of the sweep). */
  get size(): number {
    return this.entries.size;
  }

  private live(key: string): Entry | undefined {
    this.assertOpen();
    const entry = this.entries.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('key-value store is closed');
  }

  private expiry(ttlMs: number | undefined): number | undefined {
    if (ttlMs === undefined) return undefined;
    if (!(Number.isFinite(ttlMs) && ttlMs > 0)) throw new Error(`ttlMs must be a positive number, got ${ttlMs}`);
    return this.now() + Math.ceil(ttlMs);
  }

  /** Stores a string in memory at once, then journals it. */
  private putString(key: string, value: string, expiresAt: number | undefined): Promise<void> | undefined {
    const entry: Entry = expiresAt === undefined ? { kind: 'string', value } : { kind: 'string', value, expiresAt };
    this.entries.set(key, entry);
    return this.journal(stringRecord(key, entry));
  }

  async get(key: string): Promise<string | null> {
    const entry = this.live(key);
    if (!entry) return null;
    if (entry.kind !== 'string') throw new WrongTypeError(key);
    return entry.value;
  }

  async set(key: string, value: string, options: SetOptions = {}): Promise<boolean> {
    const expiresAt = this.expiry(options.ttlMs);
    if (options.onlyIfAbsent && this.live(key)) return false;
    this.assertOpen();
    // Like Redis SET: a plain set replaces the value and drops any previous TTL.
    await this.putString(key, value, expiresAt);
    return true;
  }

  async delete(key: string): Promise<void> {
    this.assertOpen();
    if (this.entries.delete(key)) await this.journal({ k: key, d: 1 });
  }

  async ttl(key: string): Promise<number | null> {
    const entry = this.live(key);
    if (entry?.expiresAt === undefined) return null;
    return Math.max(0, entry.expiresAt - this.now());
  }

  async increment(key: string, options: { by?: number; ttlMs?: number } = {}): Promise<number> {
    const by = options.by ?? 1;
    if (!Number.isSafeInteger(by)) throw new Error(`increment by must be an integer, got ${by}`);
    const entry = this.live(key);
    if (!entry) {
      const expiresAt = this.expiry(options.ttlMs);
      await this.putString(key, String(by), expiresAt);
      return by;
    }
    if (entry.kind !== 'string' || !/^-?\d+$/.test(entry.value)) throw new Error(`key ${key} does not hold an integer`);
    const next = Number(entry.value) + by;
    entry.value = String(next);
    await this.journal(stringRecord(key, entry));
    return next;
  }

  async incrementIfExists(key: string, by: number): Promise<number | null> {
    if (!Number.isSafeInteger(by)) throw new Error(`increment by must be an integer, got ${by}`);
    const entry = this.live(key);
    if (!entry) return null;
    if (entry.kind !== 'string' || !/^-?\d+$/.test(entry.value)) throw new Error(`key ${key} does not hold an integer`);
    const next = Number(entry.value) + by;
    entry.value = String(next);
    await this.journal(stringRecord(key, entry));
    return next;
  }

  async compareAndSet(key: string, expected: string, value: string, options: { ttlMs?: number } = {}): Promise<boolean> {
    const expiresAt = this.expiry(options.ttlMs);
    const entry = this.live(key);
    if (!entry) return false;
    if (entry.kind !== 'string') throw new WrongTypeError(key);
    if (entry.value !== expected) return false;
    // Read and write in one synchronous step: no other caller can run in between.
    await this.putString(key, value, expiresAt);
    return true;
  }

  private set_(key: string, create: boolean): Set<string> | undefined {
    const entry = this.live(key);
    if (entry && entry.kind !== 'set') throw new WrongTypeError(key);
    if (entry) return entry.value;
    if (!create) return undefined;
    const value = new Set<string>();
    this.entries.set(key, { kind: 'set', value });
    return value;
  }

  async addToSet(key: string, member: string): Promise<void> {
    const set = this.set_(key, true)!;
    if (set.has(member)) return;
    set.add(member);
    await this.journal({ k: key, a: member });
  }

  async removeFromSet(key: string, member: string): Promise<void> {
    const set = this.set_(key, false);
    if (!set?.delete(member)) return;
    // Like Redis, an emptied set no longer exists.
    if (set.size === 0) this.entries.delete(key);
    await this.journal({ k: key, r: member });
  }

  async members(key: string): Promise<string[]> {
    return [...(this.set_(key, false) ?? [])];
  }

  async publish(channel: string, message: string): Promise<void> {
    this.assertOpen();
    for (const handler of this.channels.get(channel) ?? []) {
      // Delivered asynchronously, as over a network, so a handler cannot re-enter the publisher.
      setImmediate(() => {
        try {
          handler(message);
        } catch {
          // A subscriber's failure is its own; the publisher and other subscribers carry on.
        }
      });
    }
  }

  async subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>> {
    this.assertOpen();
    let handlers = this.channels.get(channel);
    if (!handlers) this.channels.set(channel, (handlers = new Set()));
    const own = (message: string) => handler(message);
    handlers.add(own);
    return async () => {
      handlers.delete(own);
      if (handlers.size === 0 && this.channels.get(channel) === handlers) this.channels.delete(channel);
    };
  }

  /** Resolves once every write made so far is on disk. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.sweeper) clearInterval(this.sweeper);
    this.channels.clear();
    await this.journalLog?.close();
  }
}

const stringRecord = (key: string, entry: { value: string; expiresAt?: number }): JournalRecord =>
  entry.expiresAt === undefined ? { k: key, v: entry.value } : { k: key, v: entry.value, x: entry.expiresAt };
