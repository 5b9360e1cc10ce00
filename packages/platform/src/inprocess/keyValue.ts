import type { KeyValueStore, SetOptions } from '../ports';

export interface InProcessKeyValueOptions {
  /** Milliseconds since the epoch; tests pass a fake clock to expire keys without sleeping. */
  now?: () => number;
  /** How often expired keys are swept (lazy expiry covers reads in between); 0 turns the sweep off. */
  sweepIntervalMs?: number;
}

type Entry = { kind: 'string'; value: string; expiresAt?: number } | { kind: 'set'; value: Set<string>; expiresAt?: number };

export class WrongTypeError extends Error {
  override readonly name = 'WrongTypeError';
  constructor(key: string) {
    super(`key ${key} holds a value of another kind`);
  }
}

/**
 * The Redis subset of the KeyValueStore port, in memory. Nothing survives a restart: in the embedded
 * mode sessions and rate-limit counters start empty after one (users sign in again).
 */
export class InProcessKeyValueStore implements KeyValueStore {
  private readonly entries = new Map<string, Entry>();
  private readonly channels = new Map<string, Set<(message: string) => void>>();
  private readonly now: () => number;
  private readonly sweeper: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(options: InProcessKeyValueOptions = {}) {
    this.now = options.now ?? Date.now;
    const interval = options.sweepIntervalMs ?? 60_000;
    if (interval > 0) {
      this.sweeper = setInterval(() => this.sweep(), interval);
      this.sweeper.unref();
    }
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
    this.entries.set(key, expiresAt === undefined ? { kind: 'string', value } : { kind: 'string', value, expiresAt });
    return true;
  }

  async delete(key: string): Promise<void> {
    this.assertOpen();
    this.entries.delete(key);
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
      this.entries.set(key, expiresAt === undefined ? { kind: 'string', value: String(by) } : { kind: 'string', value: String(by), expiresAt });
      return by;
    }
    if (entry.kind !== 'string' || !/^-?\d+$/.test(entry.value)) throw new Error(`key ${key} does not hold an integer`);
    const next = Number(entry.value) + by;
    entry.value = String(next);
    return next;
  }

  async incrementIfExists(key: string, by: number): Promise<number | null> {
    if (!Number.isSafeInteger(by)) throw new Error(`increment by must be an integer, got ${by}`);
    const entry = this.live(key);
    if (!entry) return null;
    if (entry.kind !== 'string' || !/^-?\d+$/.test(entry.value)) throw new Error(`key ${key} does not hold an integer`);
    const next = Number(entry.value) + by;
    entry.value = String(next);
    return next;
  }

  async compareAndSet(key: string, expected: string, value: string, options: { ttlMs?: number } = {}): Promise<boolean> {
    const expiresAt = this.expiry(options.ttlMs);
    const entry = this.live(key);
    if (!entry) return false;
    if (entry.kind !== 'string') throw new WrongTypeError(key);
    if (entry.value !== expected) return false;
    // Read and write in one synchronous step: no other caller can run in between.
    this.entries.set(key, expiresAt === undefined ? { kind: 'string', value } : { kind: 'string', value, expiresAt });
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
    this.set_(key, true)!.add(member);
  }

  async removeFromSet(key: string, member: string): Promise<void> {
    const set = this.set_(key, false);
    set?.delete(member);
    // Like Redis, an emptied set no longer exists.
    if (set?.size === 0) this.entries.delete(key);
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

  async close(): Promise<void> {
    this.closed = true;
    if (this.sweeper) clearInterval(this.sweeper);
    this.channels.clear();
  }
}
