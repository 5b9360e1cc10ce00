import { DependencyTimeout, DependencyUnavailable } from '../ports';
import { RateLimiter } from '../limits/rateLimiter';
import { SessionStore } from '../sessions';
import { canStartOwnServers, eventually, OwnRedis } from '../testing';
import { RedisKeyValueStore } from '.';

// Faults injected into a Redis of this suite's own (infra/up.sh on a free port and its own run directory),
// never into the shared one. Needs redis-server on this machine.
const d = canStartOwnServers() ? describe : describe.skip;

/** How long a call took to fail, and with what. */
async function failureOf(call: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  try {
    await call();
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
  throw new Error('the call succeeded');
}

d('Redis outages', () => {
  let redis: OwnRedis;
  let kv: RedisKeyValueStore;

  beforeAll(async () => {
    redis = await OwnRedis.start();
    kv = await RedisKeyValueStore.connect(redis.url);
  }, 120_000);

  afterAll(async () => {
    await kv?.close();
    redis?.close();
  }, 60_000);

  afterEach(async () => {
    // Every test leaves Redis running and the client connected again.
    await eventually(async () => expect(await kv.ping()).toBe(true), { timeoutMs: 10_000 });
  }, 60_000);

  it('fails a command within a second with DependencyUnavailable while Redis is stopped, and works again once it is back', async () => {
    await kv.set('outage:before', 'kept');
    redis.down();

    for (const call of [() => kv.get('outage:before'), () => kv.set('outage:during', 'x'), () => kv.increment('outage:count')]) {
      const { error, ms } = await failureOf(call);
      expect(error).toBeInstanceOf(DependencyUnavailable);
      expect(error).toMatchObject({ dependency: 'redis', retryAfterSeconds: expect.any(Number) });
      expect(ms).toBeLessThan(1_000);
    }
    expect(await kv.ping()).toBe(false);

    redis.up();
    const back = await eventually(() => kv.get('outage:before'), { timeoutMs: 10_000, intervalMs: 100 });
    // The append-only file brought the value back; nothing written during the outage was kept.
    expect(back).toBe('kept');
    expect(await kv.get('outage:during')).toBeNull();
  }, 60_000);

  it('fails a command within a second with DependencyTimeout while Redis hangs', async () => {
    redis.pause();
    try {
      const { error, ms } = await failureOf(() => kv.get('outage:hung'));
      expect(error).toBeInstanceOf(DependencyTimeout);
      expect(ms).toBeLessThan(1_000);
    } finally {
      redis.resume();
    }
  }, 30_000);

  it('keeps sessions through a restart of Redis (append-only file)', async () => {
    const sessions = new SessionStore(kv);
    const { id } = await sessions.create(4242);
    redis.down();
    await expect(sessions.resolve(id)).rejects.toBeInstanceOf(DependencyUnavailable);
    redis.up();
    const session = await eventually(() => sessions.resolve(id), { timeoutMs: 10_000, intervalMs: 100 });
    expect(session).toMatchObject({ userId: 4242 });
  }, 60_000);

  it('keeps rate limits closed while Redis is away: a hit is refused, never let through', async () => {
    const limiter = new RateLimiter(kv, 'outage-limit:');
    const rule = { limit: 100, windowMs: 60_000 };
    await limiter.hit('person', rule);
    redis.down();
    await expect(limiter.hit('person', rule)).rejects.toBeInstanceOf(DependencyUnavailable);
    await expect(limiter.check('person', rule)).rejects.toBeInstanceOf(DependencyUnavailable);
    await expect(limiter.reserve([{ key: 'person', rule }])).rejects.toBeInstanceOf(DependencyUnavailable);
    redis.up();
  }, 60_000);
});
