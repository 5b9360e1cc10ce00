import { planAllowances, suggestedPlanFor } from './plans';
import { countdownTo, formatCountdown, instantOf, isNightTime, isSwipeWindowOpen, localTime, nextWindowOpening, NO_ZONE_YET, quotaNight, scheduleZoneChange, zoneInForce, type ZoneSchedule } from './swipeWindow';

describe('the swipe window on the person own clock', () => {
  it('is open from 20:00 until 04:00 local, whatever the server clock says', () => {
    // 19:30 UTC is 20:30 in Berlin (winter, UTC+1) and 14:30 in New York.
    const instant = new Date('2026-11-23T19:30:00Z');
    expect(isNightTime(instant, 'Europe/Berlin')).toBe(true);
    expect(isNightTime(instant, 'America/New_York')).toBe(false);
    expect(isNightTime(new Date('2026-11-24T02:59:59Z'), 'Europe/Berlin')).toBe(true);
    expect(isNightTime(new Date('2026-11-24T03:00:00Z'), 'Europe/Berlin')).toBe(false);
  });

  it('is always open in the round-the-clock mode', () => {
    expect(isSwipeWindowOpen(new Date('2026-11-23T12:00:00Z'), 'UTC', 'always')).toBe(true);
    expect(isSwipeWindowOpen(new Date('2026-11-23T12:00:00Z'), 'UTC', 'nightly')).toBe(false);
  });

  it('counts down to the next 8:00 PM local, rolling to tomorrow after 20:00', () => {
    expect(nextWindowOpening(new Date('2026-11-23T12:00:00Z'), 'Europe/Berlin').toISOString()).toBe('2026-11-23T19:00:00.000Z');
    expect(nextWindowOpening(new Date('2026-11-23T19:00:00Z'), 'Europe/Berlin').toISOString()).toBe('2026-11-24T19:00:00.000Z');
    expect(nextWindowOpening(new Date('2026-11-23T23:30:00Z'), 'Asia/Tokyo').toISOString()).toBe('2026-11-24T11:00:00.000Z');
  });

  it('keeps 8:00 PM local across a daylight-saving change', () => {
    // Berlin moves to summer time on 29 March 2026: 20:00 that evening is 18:00 UTC, the evening before 19:00 UTC.
    expect(nextWindowOpening(new Date('2026-03-28T20:00:00Z'), 'Europe/Berlin').toISOString()).toBe('2026-03-29T18:00:00.000Z');
    expect(instantOf({ year: 2026, month: 3, day: 28, hour: 20 }, 'Europe/Berlin').toISOString()).toBe('2026-03-28T19:00:00.000Z');
  });

  it('resets quotas at 20:00 local: one night runs from 20:00 to 19:59:59 the next day', () => {
    expect(quotaNight(new Date('2026-11-23T19:00:00Z'), 'Europe/Berlin')).toBe('2026-11-23');
    expect(quotaNight(new Date('2026-11-24T02:00:00Z'), 'Europe/Berlin')).toBe('2026-11-23');
    expect(quotaNight(new Date('2026-11-24T18:59:59Z'), 'Europe/Berlin')).toBe('2026-11-23');
    expect(quotaNight(new Date('2026-11-24T19:00:00Z'), 'Europe/Berlin')).toBe('2026-11-24');
    expect(quotaNight(new Date('2026-01-01T10:00:00Z'), 'UTC')).toBe('2025-12-31');
  });

  it('reads wall-clock parts in a zone', () => {
    expect(localTime(new Date('2026-11-23T23:15:07Z'), 'Asia/Kolkata')).toEqual({ year: 2026, month: 11, day: 24, hour: 4, minute: 45, second: 7 });
  });

  it('formats the countdown as hh:mm:ss', () => {
    expect(formatCountdown(countdownTo(new Date('2026-11-23T20:00:00Z'), new Date('2026-11-23T14:57:51Z')))).toBe('05:02:09');
  });
});

describe('plans', () => {
  it('follow decisions.md: free 30 likes and no super-like, paid plans 1, 3 and 5 super-likes, Max alone filters by kink', () => {
    expect(planAllowances.free).toMatchObject({ likesPerNight: 30, superLikesPerNight: 0, activeChatsPerNight: 1 });
    expect([planAllowances.nightPass, planAllowances.plus, planAllowances.max].map((plan) => [plan.likesPerNight, plan.superLikesPerNight])).toEqual([
      [null, 1],
      [null, 3],
      [null, 5],
    ]);
    expect(Object.entries(planAllowances).filter(([, plan]) => plan.advancedFilters).map(([id]) => id)).toEqual(['max']);
  });

  it('suggest the spec plan for each upgrade trigger', () => {
    expect(suggestedPlanFor['likes-limit']).toBe('nightPass');
    expect(suggestedPlanFor['super-likes-used']).toBe('plus');
    expect(suggestedPlanFor['advanced-filters']).toBe('max');
    expect(suggestedPlanFor['see-likes']).toBe('nightPass');
    expect(suggestedPlanFor['read-receipts']).toBe('plus');
  });
});

describe('a zone change never buys a second night', () => {
  const tokyo: ZoneSchedule = { zone: 'Asia/Tokyo', next: null };

  it('takes effect at the next 8:00 PM of the zone in force, and the night follows the old zone until then', () => {
    // 21:00 UTC is 06:00 in Tokyo (its window closed) and 21:00 in London (open).
    const at = new Date('2026-11-23T21:00:00Z');
    const changed = scheduleZoneChange(tokyo, 'Europe/London', at, false);
    expect(changed).toEqual({ zone: 'Asia/Tokyo', next: { zone: 'Europe/London', from: '2026-11-24T11:00:00.000Z' } });
    expect(zoneInForce(changed, at)).toBe('Asia/Tokyo');
    expect(isSwipeWindowOpen(at, zoneInForce(changed, at), 'nightly')).toBe(false);
    expect(zoneInForce(changed, new Date('2026-11-24T10:59:59Z'))).toBe('Asia/Tokyo');
    expect(zoneInForce(changed, new Date('2026-11-24T11:00:00Z'))).toBe('Europe/London');
  });

  it('keeps the quota night of the old zone however often the zone is asked to change before that moment', () => {
    const at = new Date('2026-11-24T02:30:00Z');
    let schedule = tokyo;
    for (const zone of ['America/New_York', 'Europe/London', 'Pacific/Auckland', 'America/Los_Angeles']) schedule = scheduleZoneChange(schedule, zone, at, true);
    expect(quotaNight(at, zoneInForce(schedule, at))).toBe(quotaNight(at, 'Asia/Tokyo'));
    expect(schedule.next).toEqual({ zone: 'America/Los_Angeles', from: '2026-11-24T11:00:00.000Z' });
  });

  it('cancels a waiting change when the zone in force is asked for again', () => {
    const at = new Date('2026-11-23T21:00:00Z');
    expect(scheduleZoneChange(scheduleZoneChange(tokyo, 'Europe/London', at, false), 'Asia/Tokyo', at, false)).toEqual(tokyo);
  });

  it('applies the first zone of an account at once, unless the UTC night in force already counted something', () => {
    const at = new Date('2026-11-23T21:00:00Z');
    expect(scheduleZoneChange(NO_ZONE_YET, 'America/New_York', at, false)).toEqual({ zone: 'America/New_York', next: null });
    const afterLikes = scheduleZoneChange(NO_ZONE_YET, 'America/New_York', at, true);
    expect(afterLikes).toEqual({ zone: null, next: { zone: 'America/New_York', from: '2026-11-24T20:00:00.000Z' } });
    expect(zoneInForce(afterLikes, at)).toBe('UTC');
  });

  it('lets a change whose moment came be followed by another, from the next 8:00 PM of the new zone', () => {
    const changed = scheduleZoneChange(tokyo, 'Europe/London', new Date('2026-11-23T21:00:00Z'), false);
    const later = scheduleZoneChange(changed, 'Europe/Berlin', new Date('2026-11-24T12:00:00Z'), false);
    expect(later).toEqual({ zone: 'Europe/London', next: { zone: 'Europe/Berlin', from: '2026-11-24T20:00:00.000Z' } });
  });
});
