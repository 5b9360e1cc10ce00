import { GraphQLError } from 'graphql';
import { RuleViolation } from '@nocturne/platform/domain';
import { ConcurrencyLimiter, RateLimiter, type ConcurrencySlot } from '@nocturne/platform/limits';
import { EPHEMERAL_KEY_PREFIX, type KeyValueStore } from '@nocturne/platform/ports';
import type { Session } from '@nocturne/platform/sessions';

/** How much one person may ask of the gateway at once and per minute (README, "Configuration"). */
export interface UsageLimits {
  /** GraphQL requests over HTTP and subscribe messages over WebSocket, per session (per address when signed out) a minute. */
  requestsPerMinute: number;
  /** Live WebSockets of one person, over every gateway instance. Ten tabs on a laptop and a phone stay below. */
  socketsPerPerson: number;
  /** Subscriptions open at once on one WebSocket; a screen of the app opens a handful. */
  subscriptionsPerSocket: number;
}

export const defaultUsageLimits: UsageLimits = { requestsPerMinute: 600, socketsPerPerson: 16, subscriptionsPerSocket: 64 };

const MINUTE_MS = 60_000;
/** A refused socket is told to try again after this long: by then one of the person's others may have closed. */
const SOCKET_RETRY_AFTER_SECONDS = 30;

/** Who sends a request, as far as the counts go. */
export interface Caller {
  session: Session | null;
  clientIp: string;
}

/**
 * The counts behind UsageLimits, kept in the key-value store every gateway instance shares (Redis in real
 * mode), under ephemeral keys: per-minute request counters, and live sockets per person with a lease each
 * instance renews (`renew`, with its pings), so a crashed instance's sockets stop counting.
 */
export class UsageCounters {
  private readonly requests: RateLimiter;
  private readonly sockets: ConcurrencyLimiter;

  constructor(
    kv: KeyValueStore,
    readonly limits: UsageLimits,
    /** How often `renew` runs: the sockets' lease is three times as long. */
    renewEveryMs: number,
  ) {
    this.requests = new RateLimiter(kv, `${EPHEMERAL_KEY_PREFIX}gateway:`);
    this.sockets = new ConcurrencyLimiter(kv, 'gateway:', { leaseMs: 3 * renewEveryMs, retryAfterSeconds: SOCKET_RETRY_AFTER_SECONDS });
  }

  /** Counts one GraphQL request or subscribe message; RATE_LIMITED past `requestsPerMinute`. */
  countRequest(caller: Caller): Promise<void> {
    const key = caller.session ? `graphql:session:${caller.session.hash}` : `graphql:address:${caller.clientIp}`;
    return this.requests.hit(key, { limit: this.limits.requestsPerMinute, windowMs: MINUTE_MS });
  }

  /** Takes one of the person's `socketsPerPerson` sockets; RATE_LIMITED when all are open. */
  openSocket(userId: number): Promise<ConcurrencySlot> {
    return this.sockets.acquire(`sockets:${userId}`, this.limits.socketsPerPerson);
  }

  /** Renews this instance's lease on the sockets it holds. */
  renew(): Promise<void> {
    return this.sockets.renew();
  }
}

/** A refused request over GraphQL: RATE_LIMITED with `retryAfterSeconds`, and over HTTP 429 with Retry-After. */
export function rateLimitedGraphQLError(violation: RuleViolation): GraphQLError {
  const retryAfter = String(Math.max(1, Math.ceil(violation.details.retryAfterSeconds ?? 60)));
  return new GraphQLError(violation.message, { extensions: { ...violation.toExtensions(), http: { status: 429, headers: new Map([['retry-after', retryAfter]]) } } });
}
