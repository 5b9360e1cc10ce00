import { defaultRestartPolicy, restartDelayMs } from './supervisor';

describe('restart backoff', () => {
  it('doubles the wait for each crash in a row, up to its cap', () => {
    const policy = { initialDelayMs: 500, maxDelayMs: 15_000, stableAfterMs: 60_000 };
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((crashes) => restartDelayMs(crashes, policy))).toEqual([500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000]);
  });

  it('restarts within a second after a first crash by default', () => {
    expect(restartDelayMs(1)).toBeLessThanOrEqual(1_000);
    expect(restartDelayMs(100)).toBe(defaultRestartPolicy.maxDelayMs);
  });
});
