/**
 * Keys starting so matter only while the processes run or for a few minutes (live connection counts,
 * per-minute request counters): the in-process store keeps them out of its journal, so they cost no disk
 * write and an earlier run's values never come back.
 */
export const EPHEMERAL_KEY_PREFIX = 'ephemeral:';

export interface SetOptions {
  /** Time to live in milliseconds; none means the key never expires. */
  ttlMs?: number;
  /** Only set when the key does not exist yet (NX); `set` then answers false when it did. */
  onlyIfAbsent?: boolean;
}

export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  /** Answers true when the value was written. */
  set(key: string, value: string, options?: SetOptions): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Remaining time to live in ms; null when the key has none or does not exist. */
  ttl(key: string): Promise<number | null>;
  /** Atomically adds `by` (default 1) and answers the new value; the TTL is set when the counter is created. */
  increment(key: string, options?: { by?: number; ttlMs?: number }): Promise<number>;
  /**
   * Atomically adds `by` to a counter that exists, keeping its TTL, and answers the new value; answers null
   * and writes nothing when there is none (so giving back an attempt never revives an expired window).
   */
  incrementIfExists(key: string, by: number): Promise<number | null>;
  /**
   * Atomically replaces the value only while it still is `expected` (compare-and-set); answers whether it
   * did. A missing key never matches, so a deleted value stays deleted. `ttlMs` as for `set`.
   */
  compareAndSet(key: string, expected: string, value: string, options?: { ttlMs?: number }): Promise<boolean>;
  /** Set members, for indexes such as "sessions of a user". */
  addToSet(key: string, member: string): Promise<void>;
  removeFromSet(key: string, member: string): Promise<void>;
  members(key: string): Promise<string[]>;
  publish(channel: string, message: string): Promise<void>;
  /** Answers a function that unsubscribes. */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
