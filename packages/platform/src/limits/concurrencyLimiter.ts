import { randomUUID } from 'node:crypto';
import { Messages } from '@nocturne/contracts';
import { RuleViolation } from '../domain/ruleViolation';
import { EPHEMERAL_KEY_PREFIX, type KeyValueStore } from '../ports';
import { rateLimitRefusals } from '../telemetry/metrics';
import { limitNameOf } from './rateLimiter';

/** Every key of the concurrency limiter starts so: they describe what running processes hold now. */
export const CONCURRENCY_KEY_PREFIX = `${EPHEMERAL_KEY_PREFIX}concurrency:`;

/** One slot taken; give it back when the thing it counts ends. */
export interface ConcurrencySlot {
  release(): Promise<void>;
}

export interface ConcurrencyLimiterOptions {
  /**
   * How long a process's count stays believed without `renew`: a process that crashed stops renewing, and
   * its slots free themselves after this long. Renew well within it.
   */
  leaseMs: number;
  /** Seconds a refused caller is told to wait (Retry-After). */
  retryAfterSeconds: number;
  now?: () => number;
}

/** What one key holds: each process's count and until when it is believed, by process id. */
type Holders = Record<string, { n: number; until: number }>;

/** Writes that lost a race to another process are tried again this many times. */
const MAX_ATTEMPTS = 20;

/**
 * Counts things held open at once (live sockets) per key across every process sharing the key-value store,
 * and refuses one more over a limit. Each process keeps its own count under the key, with a lease it
 * renews (`renew`, on a timer), so a crashed process's slots expire instead of counting forever. Writes
 * are compare-and-set, so parallel acquisitions on several processes never go over the limit; within a
 * process they run one at a time per key.
 */
export class ConcurrencyLimiter {
  private readonly instance = randomUUID();
  /** Slots this process holds, by key. */
  private readonly held = new Map<string, number>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly now: () => number;

  constructor(
    private readonly kv: KeyValueStore,
    private readonly prefix: string,
    private readonly options: ConcurrencyLimiterOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Takes one of `limit` slots of `key`, or refuses with RATE_LIMITED (and `retryAfterSeconds`) when all are held. */
  async acquire(key: string, limit: number): Promise<ConcurrencySlot> {
    await this.serialised(key, () =>
      this.update(key, (others, mine) => {
        if (others + mine >= limit) {
          rateLimitRefusals.inc({ limit: limitNameOf(CONCURRENCY_KEY_PREFIX + this.prefix, key) });
          throw new RuleViolation('RATE_LIMITED', Messages.tooManyRequests, { retryAfterSeconds: this.options.retryAfterSeconds });
        }
        return mine + 1;
      }),
    );
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        await this.serialised(key, () => this.update(key, (_others, mine) => Math.max(0, mine - 1)));
      },
    };
  }

  /** Writes this process's counts again with a fresh lease; call it more often than `leaseMs`. */
  async renew(): Promise<void> {
    for (const key of [...this.held.keys()]) await this.serialised(key, () => this.update(key, (_others, mine) => mine));
  }

  /** Slots this process holds under `key`. */
  heldBy(key: string): number {
    return this.held.get(key) ?? 0;
  }

  private serialised<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return next;
  }

  /** Sets this process's count to `decide(others' live count, mine)`, by compare-and-set, dropping expired holders. */
  private async update(key: string, decide: (others: number, mine: number) => number): Promise<void> {
    const storeKey = CONCURRENCY_KEY_PREFIX + this.prefix + key;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const raw = await this.kv.get(storeKey);
      const now = this.now();
      const holders: Holders = {};
      for (const [id, entry] of Object.entries(parseHolders(raw))) {
        if (id !== this.instance && entry.until > now && entry.n > 0) holders[id] = entry;
      }
      const others = Object.values(holders).reduce((sum, entry) => sum + entry.n, 0);
      const mine = decide(others, this.held.get(key) ?? 0);
      if (mine > 0) holders[this.instance] = { n: mine, until: now + this.options.leaseMs };
      const value = JSON.stringify(holders);
      const written = raw === null ? await this.kv.set(storeKey, value, { ttlMs: this.options.leaseMs, onlyIfAbsent: true }) : await this.kv.compareAndSet(storeKey, raw, value, { ttlMs: this.options.leaseMs });
      if (written) {
        if (mine > 0) this.held.set(key, mine);
        else this.held.delete(key);
        return;
      }
    }
    throw new RuleViolation('UNAVAILABLE', Messages.unavailable, { retryAfterSeconds: 1 });
  }
}

function parseHolders(raw: string | null): Holders {
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Holders) : {};
  } catch {
    return {};
  }
}
