import { countdownToNextWindow, describeCountdown, formatCountdown, isNightTime, nextWindowOpening, readSwipeWindowMode } from './swipeWindow';

const at = (hours: number, minutes = 0, seconds = 0) => new Date(2026, 2, 14, hours, minutes, seconds);

describe('swipe window countdown', () => {
  it('counts down to 8:00 PM the same day before 20:00', () => {
    expect(countdownToNextWindow(at(14, 12, 5))).toEqual({ hours: 5, minutes: 47, seconds: 55 });
    expect(formatCountdown(countdownToNextWindow(at(19, 59, 59)))).toBe('00:00:01');
  });

  it('rolls to the next day at and after 20:00', () => {
    expect(nextWindowOpening(at(20)).getDate()).toBe(15);
    expect(countdownToNextWindow(at(20))).toEqual({ hours: 24, minutes: 0, seconds: 0 });
    expect(countdownToNextWindow(at(23, 30))).toEqual({ hours: 20, minutes: 30, seconds: 0 });
  });

  it('counts from just after midnight to the same evening', () => {
    expect(countdownToNextWindow(at(0, 0, 1))).toEqual({ hours: 19, minutes: 59, seconds: 59 });
  });

  it('rolls over month ends', () => {
    const opening = nextWindowOpening(new Date(2026, 0, 31, 21));
    expect([opening.getMonth(), opening.getDate(), opening.getHours()]).toEqual([1, 1, 20]);
  });

  it('reads the countdown aloud in words', () => {
    expect(describeCountdown({ hours: 1, minutes: 2, seconds: 1 })).toBe('1 hour, 2 minutes, 1 second');
  });
});

describe('night-time', () => {
  it('is on from 20:00 until 04:00', () => {
    expect(isNightTime(at(19, 59, 59))).toBe(false);
    expect(isNightTime(at(20))).toBe(true);
    expect(isNightTime(at(3, 59, 59))).toBe(true);
    expect(isNightTime(at(4))).toBe(false);
  });
});

describe('swipe window mode', () => {
  afterEach(() => document.head.querySelectorAll('meta[name="nocturne-swipe-window"]').forEach((m) => m.remove()));

  it('is nightly unless the server says always', () => {
    expect(readSwipeWindowMode()).toBe('nightly');
    const meta = document.createElement('meta');
    meta.name = 'nocturne-swipe-window';
    meta.content = 'always';
    document.head.append(meta);
    expect(readSwipeWindowMode()).toBe('always');
  });
});

describe('the window on a given time zone (the server follows the stored zone)', () => {
  // 2026-11-23 18:30 UTC: 19:30 in Berlin (closed), 03:30 the next morning in Tokyo (open).
  const instant = new Date(Date.UTC(2026, 10, 23, 18, 30));

  it('opens and closes on that zone, not on the browser', () => {
    expect(isNightTime(instant, 'Europe/Berlin')).toBe(false);
    expect(isNightTime(instant, 'Asia/Tokyo')).toBe(true);
  });

  it('counts down to 8:00 PM on that zone', () => {
    expect(nextWindowOpening(instant, 'Europe/Berlin').toISOString()).toBe('2026-11-23T19:00:00.000Z');
    expect(countdownToNextWindow(instant, 'Europe/Berlin')).toEqual({ hours: 0, minutes: 30, seconds: 0 });
    expect(nextWindowOpening(instant, 'Asia/Tokyo').toISOString()).toBe('2026-11-24T11:00:00.000Z');
  });
});
