import { Messages } from '@nocturne/contracts';
import { domainError, type KeyValueStore } from '@nocturne/platform';

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters in the key-value store (shared by every instance). A counter's TTL is set when it
 * is created, so the window starts at the first counted attempt and the TTL says when it reopens.
 */
export class RateLimiter {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly prefix = 'auth:rate:',
  ) {}

  /** Counts an attempt and refuses it when it is one too many. */
  async hit(key: string, rule: RateLimit): Promise<void> {
    const count = await this.kv.increment(this.prefix + key, { ttlMs: rule.windowMs });
    if (count > rule.limit) throw await this.limited(key, rule);
  }

  /** Refuses when the counter already reached the limit, without counting (failed sign-ins count later). */
  async check(key: string, rule: RateLimit): Promise<void> {
    const value = await this.kv.get(this.prefix + key);
    if (value !== null && Number(value) >= rule.limit) throw await this.limited(key, rule);
  }

  async count(key: string, rule: RateLimit): Promise<void> {
    await this.kv.increment(this.prefix + key, { ttlMs: rule.windowMs });
  }

  async reset(key: string): Promise<void> {
    await this.kv.delete(this.prefix + key);
  }

  private async limited(key: string, rule: RateLimit) {
    const ttl = await this.kv.ttl(this.prefix + key);
    const retryAfterSeconds = Math.max(1, Math.ceil((ttl ?? rule.windowMs) / 1000));
    return domainError('RATE_LIMITED', Messages.tooManyRequests, { retryAfterSeconds });
  }
}
