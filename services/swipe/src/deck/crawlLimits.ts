import type { RateLimiter } from '@nocturne/platform/limits';

/** Per person and minute: far above the pace of anyone reading cards, far below a crawler's. */
export interface CrawlLimits {
  deckReadsPerMinute: number;
  passesPerMinute: number;
}

const MINUTE_MS = 60_000;

/**
 * What reading the deck and passing cost one person: counted in the shared key-value store (every
 * instance counts together), in fixed one-minute windows, so a burst is fine and a crawl is not. Past a
 * limit the caller gets RATE_LIMITED (429 with Retry-After) before anything is read or written.
 */
export function createCrawlLimiter(limiter: RateLimiter, limits: CrawlLimits) {
  return {
    deckRead: (userId: number) => limiter.hit(`deck-reads:${userId}`, { limit: limits.deckReadsPerMinute, windowMs: MINUTE_MS }),
    pass: (userId: number) => limiter.hit(`passes:${userId}`, { limit: limits.passesPerMinute, windowMs: MINUTE_MS }),
  };
}
export type CrawlLimiter = ReturnType<typeof createCrawlLimiter>;
