import { Messages } from '@nocturne/contracts';
import { RuleViolation } from '../domain/ruleViolation';
import { InProcessKeyValueStore } from '../inprocess';
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
    expect(refusal).toBeInstanceOf(RuleViolation);
    expect(refusal).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: 3000 } });
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

const ruleOf = (limit: number) => ({ limit, windowMs: 60_000 });

describe('rate limiter reservations', () => {
  let kv: InProcessKeyValueStore;
  let limiter: RateLimiter;
  beforeEach(() => {
    kv = new InProcessKeyValueStore({ sweepIntervalMs: 0 });
    limiter = new RateLimiter(kv, 'test:');
  });

  it('takes one attempt from every counter, and keeps it unless released', async () => {
    await limiter.reserve([
      { key: 'a', rule: ruleOf(2) },
      { key: 'b', rule: ruleOf(5) },
    ]);
    expect([await kv.get('test:a'), await kv.get('test:b')]).toEqual(['1', '1']);
    const second = await limiter.reserve([{ key: 'a', rule: ruleOf(2) }]);
    await second.release();
    expect(await kv.get('test:a')).toBe('1');
  });

  it('refuses past the limit with RATE_LIMITED and the remaining window, and leaves nothing taken', async () => {
    await limiter.reserve([{ key: 'a', rule: ruleOf(1) }]);
    const refused = limiter.reserve([
      { key: 'b', rule: ruleOf(5) },
      { key: 'a', rule: ruleOf(1) },
    ]);
    await expect(refused).rejects.toMatchObject({ message: Messages.tooManyRequests, code: 'RATE_LIMITED', details: { retryAfterSeconds: 60 } });
    expect([await kv.get('test:a'), await kv.get('test:b')]).toEqual(['1', '0']);
  });

  it('grants exactly the limit among parallel reservations', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => limiter.reserve([{ key: 'p', rule: ruleOf(7) }])));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(7);
    expect(await kv.get('test:p')).toBe('7');
  });
});
