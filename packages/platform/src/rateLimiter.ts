import { Messages } from '@nocturne/contracts';
import { domainError } from './http/errors';
import type { KeyValueStore } from './ports';

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters in the key-value store (shared by every instance, on both adapters). A counter's
 * TTL is set when it is created, so the window starts at the first counted use and the TTL says when it
 * reopens. Refusals are the one RATE_LIMITED error with `retryAfterSeconds` (HTTP: 429 and Retry-After).
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

  private async limited(key: string, rule: RateLimit) {
    const ttl = await this.kv.ttl(this.prefix + key);
    const retryAfterSeconds = Math.max(1, Math.ceil((ttl ?? rule.windowMs) / 1000));
    return domainError('RATE_LIMITED', Messages.tooManyRequests, { retryAfterSeconds });
  }
}
