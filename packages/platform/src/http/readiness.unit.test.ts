import { evaluateReadiness, READINESS_PROBE_TIMEOUT_MS } from './subgraphServer';

describe('readiness', () => {
  it('is ready when every check passes', async () => {
    expect(await evaluateReadiness({ database: () => true, redis: { probe: async () => true } })).toEqual({ ready: true, status: 'ready', checks: { database: true, redis: true } });
  });

  it('is not ready when a check it needs fails, throws or does not answer in time', async () => {
    jest.useFakeTimers();
    try {
      const pending = evaluateReadiness({
        database: () => {
          throw new Error('away');
        },
        redis: { probe: () => new Promise<boolean>(() => undefined) },
        projections: () => true,
      });
      await jest.advanceTimersByTimeAsync(READINESS_PROBE_TIMEOUT_MS);
      expect(await pending).toEqual({ ready: false, status: 'not ready', checks: { database: false, redis: false, projections: true } });
    } finally {
      jest.useRealTimers();
    }
  });

  it('is degraded, and still takes traffic, when only a check it can do without fails, with its note', async () => {
    const state = await evaluateReadiness({ database: () => true, kafka: { probe: () => false, whenDown: 'degraded', note: 'writes wait in the outbox' } });
    expect(state).toEqual({ ready: true, status: 'degraded', checks: { database: true, kafka: false }, notes: ['writes wait in the outbox'] });
  });

  it('is not ready when a needed check fails, whatever is only degraded', async () => {
    const state = await evaluateReadiness({ redis: () => false, kafka: { probe: () => false, whenDown: 'degraded', note: 'n' } });
    expect(state.status).toBe('not ready');
    expect(state.ready).toBe(false);
  });
});
