import { Messages } from '@nocturne/contracts';
import { RuleViolation, type KeyValueStore } from '@nocturne/platform';

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** Attempts taken from one or more counters before the slow work; kept when it failed. */
export interface Reservation {
  /** Gives the attempts back (the work succeeded, so it was no failure). */
  release(): Promise<void>;
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

  /**
   * Takes an attempt from every counter, atomically each, before the caller does the slow work (a
   * password verification): parallel requests can never get more than the limit through, which a check
   * before and a count after would let them. Refused when any counter is spent; then nothing stays taken.
   */
  async reserve(attempts: ReadonlyArray<{ key: string; rule: RateLimit }>): Promise<Reservation> {
    const taken: string[] = [];
    const giveBack = async () => {
      for (const key of taken.splice(0)) await this.kv.incrementIfExists(this.prefix + key, -1);
    };
    try {
      for (const { key, rule } of attempts) {
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

  async reset(key: string): Promise<void> {
    await this.kv.delete(this.prefix + key);
  }

  private async limited(key: string, rule: RateLimit) {
    const ttl = await this.kv.ttl(this.prefix + key);
    const retryAfterSeconds = Math.max(1, Math.ceil((ttl ?? rule.windowMs) / 1000));
    return new RuleViolation('RATE_LIMITED', Messages.tooManyRequests, { retryAfterSeconds });
  }
}
