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
  /** Set members, for indexes such as "sessions of a user". */
  addToSet(key: string, member: string): Promise<void>;
  removeFromSet(key: string, member: string): Promise<void>;
  members(key: string): Promise<string[]>;
  publish(channel: string, message: string): Promise<void>;
  /** Answers a function that unsubscribes. */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
