import { Messages } from '@nocturne/contracts';
import { RuleViolation } from '../domain/ruleViolation';
import { EPHEMERAL_KEY_PREFIX, type KeyValueStore } from '../ports';
import { rateLimitRefusals } from '../telemetry/metrics';

/**
 * The counter family of a key, for the refusals metric: the prefix and the key's leading word segments
 * (`auth:rate:sign-up:address` of `sign-up:address:203.0.113.9`), never the address, hash or id after them.
 */
export function limitNameOf(prefix: string, key: string): string {
  // Whether a counter is kept in the journal is no part of its name.
  const family = prefix.startsWith(EPHEMERAL_KEY_PREFIX) ? prefix.slice(EPHEMERAL_KEY_PREFIX.length) : prefix;
  const words: string[] = [];
  for (const segment of key.split(':')) {
    if (words.length === 2 || !/^[a-z][a-z-]*$/.test(segment)) break;
    words.push(segment);
  }
  return `${family}${words.join(':') || 'other'}`;
}

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** Uses taken from one or more counters before slow work; kept unless given back. */
export interface Reservation {
  /** Gives the uses back (the work succeeded, so it was no failure). */
  release(): Promise<void>;
}

/**
 * The one rate limiter: fixed-window counters in the key-value store (shared by every instance, on both
 * adapters). A counter's TTL is set when it is created, so the window starts at the first counted use and
 * the TTL says when it reopens. Refusals are the one RATE_LIMITED RuleViolation with `retryAfterSeconds`
 * (HTTP: 429 and Retry-After).
 */
export class RateLimiter {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly prefix: string,
  ) {}

  /** Counts `by` uses at once (atomically) and refuses when they go over the limit; refused uses still count. */
  async hit(key: string, rule: RateLimit, by = 1): Promise<void> {
    const count = await this.kv.increment(this.prefix + key, { by, ttlMs: rule.windowMs });
    if (count > rule.limit) throw await this.limited(key, rule);
  }

  /** Refuses when the counter already reached the limit, without counting: before work that is expensive to start. */
  async check(key: string, rule: RateLimit): Promise<void> {
    const value = await this.kv.get(this.prefix + key);
    if (value !== null && Number(value) >= rule.limit) throw await this.limited(key, rule);
  }

  /**
   * Takes a use from every counter, atomically each, before the caller does the slow work (a password
   * verification): parallel requests can never get more than the limit through, which a check before and
   * a count after would let them. Refused when any counter is spent; then nothing stays taken.
   */
  async reserve(uses: ReadonlyArray<{ key: string; rule: RateLimit }>): Promise<Reservation> {
    const taken: string[] = [];
    const giveBack = async () => {
      for (const key of taken.splice(0)) await this.kv.incrementIfExists(this.prefix + key, -1);
    };
    try {
      for (const { key, rule } of uses) {
        const count = await this.kv.increment(this.prefix + key, { ttlMs: rule.windowMs });
        taken.push(key);
        if (count > rule.limit) throw await this.limited(key, rule);
      }
    } catch (error) {
      await giveBack();
      throw error;
    }
    return { release: giveBack };
  }

  /** Forgets a counter (a success forgives earlier failures). */
  async reset(key: string): Promise<void> {
    await this.kv.delete(this.prefix + key);
  }

  private async limited(key: string, rule: RateLimit) {
    rateLimitRefusals.inc({ limit: limitNameOf(this.prefix, key) });
    const ttl = await this.kv.ttl(this.prefix + key);
    const retryAfterSeconds = Math.max(1, Math.ceil((ttl ?? rule.windowMs) / 1000));
    return new RuleViolation('RATE_LIMITED', Messages.tooManyRequests, { retryAfterSeconds });
  }
}
