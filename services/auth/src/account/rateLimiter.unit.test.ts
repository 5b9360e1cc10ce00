import { Messages } from '@nocturne/contracts';
import { InProcessKeyValueStore } from '@nocturne/platform';
import { RateLimiter } from './rateLimiter';

const rule = (limit: number) => ({ limit, windowMs: 60_000 });

describe('rate limiter reservations', () => {
  let kv: InProcessKeyValueStore;
  let limiter: RateLimiter;
  beforeEach(() => {
    kv = new InProcessKeyValueStore({ sweepIntervalMs: 0 });
    limiter = new RateLimiter(kv, 'test:');
  });

  it('takes one attempt from every counter, and keeps it unless released', async () => {
    await limiter.reserve([
      { key: 'a', rule: rule(2) },
      { key: 'b', rule: rule(5) },
    ]);
    expect([await kv.get('test:a'), await kv.get('test:b')]).toEqual(['1', '1']);
    const second = await limiter.reserve([{ key: 'a', rule: rule(2) }]);
    await second.release();
    expect(await kv.get('test:a')).toBe('1');
  });

  it('refuses past the limit with RATE_LIMITED and the remaining window, and leaves nothing taken', async () => {
    await limiter.reserve([{ key: 'a', rule: rule(1) }]);
    const refused = limiter.reserve([
      { key: 'b', rule: rule(5) },
      { key: 'a', rule: rule(1) },
    ]);
    await expect(refused).rejects.toMatchObject({ message: Messages.tooManyRequests, code: 'RATE_LIMITED', details: { retryAfterSeconds: 60 } });
    expect([await kv.get('test:a'), await kv.get('test:b')]).toEqual(['1', '0']);
  });

  it('grants exactly the limit among parallel reservations', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => limiter.reserve([{ key: 'p', rule: rule(7) }])));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(7);
    expect(await kv.get('test:p')).toBe('7');
  });
});
