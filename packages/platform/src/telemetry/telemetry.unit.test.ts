import { InProcessEventStore } from '../inprocess';
import { RateLimiter, limitNameOf } from '../limits/rateLimiter';
import { InProcessKeyValueStore } from '../inprocess';
import { RuleViolation } from '../domain/ruleViolation';
import { Scrape } from '../testing/prometheus';
import { instrumentEventStore } from './instrumentedEventStore';
import { ageSeconds, boundedLabel, metricsRegistry } from './metrics';

const scrape = async () => new Scrape(await metricsRegistry.metrics());

describe('bounded labels', () => {
  it('keeps the first well-formed names and counts the rest as other', () => {
    const label = boundedLabel(2);
    expect(label('SignUp')).toBe('SignUp');
    expect(label('Swipe')).toBe('Swipe');
    expect(label('Deck')).toBe('other');
    expect(label('SignUp')).toBe('SignUp');
    expect(label('drop table; --')).toBe('other');
    expect(label(undefined)).toBe('anonymous');
  });

  it('names a rate limit by its counter family, never by the address, hash or id in its key', () => {
    expect(limitNameOf('auth:rate:', 'sign-up:address:203.0.113.9')).toBe('auth:rate:sign-up:address');
    expect(limitNameOf('auth:rate:', 'sign-in-failures:address:2001:db8::1')).toBe('auth:rate:sign-in-failures:address');
    expect(limitNameOf('profile:rate:', 'photos:42')).toBe('profile:rate:photos');
    expect(limitNameOf('x:', '42')).toBe('x:other');
  });

  it('measures ages in seconds, and a time that does not parse as none', () => {
    expect(ageSeconds('2025-01-01T00:00:10.000Z', Date.parse('2025-01-01T00:00:20.000Z'))).toBe(10);
    expect(ageSeconds('not a time')).toBe(0);
    expect(ageSeconds(undefined)).toBe(0);
  });
});

describe('the instrumented event store', () => {
  const newEvent = (type: string, data: unknown) => ({ id: `${type}-${Math.random()}`, type, occurredAt: new Date().toISOString(), data });

  it('counts stored events and the product counters their rules name, once per stored event', async () => {
    const store = instrumentEventStore(new InProcessEventStore(), {
      service: 'unit',
      productCounters: [
        { counter: 'swipes', eventType: 'SwipeRecorded', streamPrefix: 'night-', kindOf: (data) => (data as { kind?: string }).kind },
        { counter: 'matches', eventType: 'MatchCreated' },
      ],
    });
    const before = await scrape();
    await store.append('night-1-2025-01-01', [newEvent('SwipeRecorded', { kind: 'like' }), newEvent('SwipeRecorded', { kind: 'no such kind' })], { expectedVersion: 0 });
    await store.append('pair-1-2', [newEvent('SwipeRecorded', { kind: 'like' }), newEvent('MatchCreated', {})], { expectedVersion: 0 });
    await expect(store.append('pair-1-2', [newEvent('MatchCreated', {})], { expectedVersion: 0 })).rejects.toThrow('expected version');
    const after = await scrape();
    const grew = (name: string, labels: Record<string, string> = {}) => after.value(name, labels) - before.value(name, labels);
    expect(grew('nocturne_swipes_total', { kind: 'like' })).toBe(1);
    expect(grew('nocturne_swipes_total', { kind: 'other' })).toBe(1);
    expect(grew('nocturne_matches_total')).toBe(1);
    expect(grew('nocturne_events_appended_total', { service: 'unit', type: 'SwipeRecorded' })).toBe(3);
    expect(grew('nocturne_event_store_append_duration_seconds_count', { service: 'unit', outcome: 'ok' })).toBe(2);
    expect(grew('nocturne_event_store_append_duration_seconds_count', { service: 'unit', outcome: 'conflict' })).toBe(1);
    await store.close();
  });

  it('leaves event metadata alone when no trace is active', async () => {
    const store = instrumentEventStore(new InProcessEventStore(), { service: 'unit' });
    await store.append('user-1', [{ ...newEvent('UserRegistered', {}), metadata: { actorId: 1 } }], { expectedVersion: 0 });
    expect((await store.readStream('user-1'))[0]!.metadata).toEqual({ actorId: 1 });
    await store.close();
  });
});

describe('rate-limit refusals', () => {
  it('are counted by limit', async () => {
    const limiter = new RateLimiter(new InProcessKeyValueStore(), 'unit:rate:');
    const before = await scrape();
    await limiter.hit('sign-up:address:10.0.0.1', { limit: 1, windowMs: 60_000 });
    await expect(limiter.hit('sign-up:address:10.0.0.1', { limit: 1, windowMs: 60_000 })).rejects.toBeInstanceOf(RuleViolation);
    const after = await scrape();
    expect(after.value('nocturne_rate_limit_refusals_total', { limit: 'unit:rate:sign-up:address' }) - before.value('nocturne_rate_limit_refusals_total', { limit: 'unit:rate:sign-up:address' })).toBe(1);
  });
});
