import { DomainError } from './http/errors';
import { InProcessKeyValueStore } from './inprocess';
import { RateLimiter } from './rateLimiter';

describe('rate limiter', () => {
  let now = 1_000_000;
  let kv: InProcessKeyValueStore;
  let limiter: RateLimiter;
  const rule = { limit: 5, windowMs: 3_600_000 };

  beforeEach(() => {
    now = 1_000_000;
    kv = new InProcessKeyValueStore({ now: () => now, sweepIntervalMs: 0 });
    limiter = new RateLimiter(kv, 'test:');
  });
  afterEach(() => kv.close());

  it('lets uses through up to the limit, counting several at once, then refuses with the time until the window reopens', async () => {
    await limiter.hit('luna', rule, 3);
    await limiter.hit('luna', rule, 2);
    now += 600_000;
    const refusal = await limiter.hit('luna', rule).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'RATE_LIMITED', extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 3000 } });
  });

  it('refuses a batch that would go over the limit, even when some of it would fit', async () => {
    await limiter.hit('luna', rule, 4);
    await expect(limiter.hit('luna', rule, 2)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('checks without counting, and keeps counters per key', async () => {
    await limiter.check('luna', rule);
    await limiter.hit('luna', rule, 5);
    await expect(limiter.check('luna', rule)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await limiter.check('nyx', rule);
    now += rule.windowMs + 1;
    await limiter.check('luna', rule);
  });
});
