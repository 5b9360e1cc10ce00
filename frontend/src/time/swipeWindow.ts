import {
  countdownTo,
  isNightTime as isNightTimeIn,
  localTime,
  nextWindowOpening as nextWindowOpeningIn,
  type SwipeWindowMode,
} from '@nocturne/contracts/swipeWindow';

/**
 * The swipe window of decisions.md, one rule shared with the server (`@nocturne/contracts/swipeWindow`, which needs no zod): open from
 * 20:00 to 04:00 on the person's own clock; the countdown targets 8:00 PM. The zone defaults to the
 * browser's; screens that know the zone the server follows pass it.
 */
export {
  WINDOW_CLOSES_HOUR,
  WINDOW_OPENS_HOUR,
  countdownTo,
  describeCountdown,
  formatCountdown,
  localTime,
  type Countdown,
  type SwipeWindowMode,
} from '@nocturne/contracts/swipeWindow';

/** The browser's IANA zone: the one the server is told after sign-in and onboarding. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Starts the browser's time-zone data in a task of its own, for a screen that shows the swipe window and
 * waits for its scripts and answers first: the first `Intl.DateTimeFormat` with a zone costs a phone tens
 * of milliseconds (ICU loading its data), which would otherwise fall inside the first render, in one piece
 * React cannot slice.
 */
export function warmTimeZoneData(): void {
  setTimeout(() => localTime(new Date(), browserTimeZone()), 0);
}

export const isNightTime = (now: Date, timeZone: string = browserTimeZone()) => isNightTimeIn(now, timeZone);

/** The next 8:00 PM strictly after `now`: today's, or tomorrow's once 20:00 has passed. */
export const nextWindowOpening = (now: Date, timeZone: string = browserTimeZone()) => nextWindowOpeningIn(now, timeZone);

export const countdownToNextWindow = (now: Date, timeZone: string = browserTimeZone()) => countdownTo(nextWindowOpening(now, timeZone), now);

/**
 * The one rule every screen applies: is swiping open at `now`? `always` (SWIPE_WINDOW=always, the demo)
 * opens it round the clock; otherwise it is open at night-time.
 */
export function isSwipingOpen(mode: SwipeWindowMode, now: Date): boolean {
  return mode === 'always' || isNightTime(now);
}

/** The server announces its window in a meta tag; `always` is the round-the-clock demo mode. */
export function readSwipeWindowMode(doc: Document = document): SwipeWindowMode {
  const content = doc.querySelector('meta[name="nocturne-swipe-window"]')?.getAttribute('content');
  return content?.trim().toLowerCase() === 'always' ? 'always' : 'nightly';
}
