import { RuleViolation } from '../domain/ruleViolation';
import { InProcessKeyValueStore } from '../inprocess';
import { ConcurrencyLimiter } from './concurrencyLimiter';

describe('concurrency limiter', () => {
  let now = 1_000_000;
  let kv: InProcessKeyValueStore;
  const options = { leaseMs: 60_000, retryAfterSeconds: 30, now: () => now };
  /** A gateway process sharing the store. */
  const process = () => new ConcurrencyLimiter(kv, 'test:', options);

  beforeEach(() => {
    now = 1_000_000;
    kv = new InProcessKeyValueStore({ now: () => now, sweepIntervalMs: 0 });
  });
  afterEach(() => kv.close());

  it('lets slots be taken up to the limit across processes, then refuses with RATE_LIMITED and a wait', async () => {
    const [one, two] = [process(), process()];
    await one.acquire('luna', 3);
    await two.acquire('luna', 3);
    await one.acquire('luna', 3);
    const refusal = await two.acquire('luna', 3).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RuleViolation);
    expect(refusal).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: 30 } });
    await one.acquire('nyx', 3);
  });

  it('gives a slot back once when released', async () => {
    const one = process();
    const slot = await one.acquire('luna', 1);
    await expect(one.acquire('luna', 1)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await slot.release();
    await slot.release();
    const again = await one.acquire('luna', 1);
    expect(one.heldBy('luna')).toBe(1);
    await again.release();
    expect(one.heldBy('luna')).toBe(0);
  });

  it('never goes over the limit with parallel acquisitions on several processes', async () => {
    const processes = [process(), process(), process()];
    const attempts = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => processes[i % 3]!.acquire('luna', 7)));
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(7);
    expect(processes.reduce((sum, p) => sum + p.heldBy('luna'), 0)).toBe(7);
  });

  it('forgets the slots of a process that stopped renewing (a crash) once its lease ran out, and keeps those renewed', async () => {
    const [crashed, alive] = [process(), process()];
    await crashed.acquire('luna', 2);
    await alive.acquire('luna', 2);
    await expect(alive.acquire('luna', 2)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    now += 40_000;
    await alive.renew();
    now += 30_000;
    await alive.acquire('luna', 2);
    await expect(alive.acquire('luna', 2)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});
