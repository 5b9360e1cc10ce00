/** The swipe window of decisions.md: open from 20:00 to 04:00 local time; the countdown targets 8:00 PM. */
export const WINDOW_OPENS_HOUR = 20;
export const WINDOW_CLOSES_HOUR = 4;

export type SwipeWindowMode = 'nightly' | 'always';

/** Night-time, one rule everywhere: from 20:00 until 04:00 in the browser's time zone. */
export function isNightTime(now: Date): boolean {
  const hour = now.getHours();
  return hour >= WINDOW_OPENS_HOUR || hour < WINDOW_CLOSES_HOUR;
}

/** The next 8:00 PM strictly after `now`: today's, or tomorrow's once 20:00 has passed. */
export function nextWindowOpening(now: Date): Date {
  const opening = new Date(now);
  opening.setHours(WINDOW_OPENS_HOUR, 0, 0, 0);
  if (opening.getTime() <= now.getTime()) opening.setDate(opening.getDate() + 1);
  return opening;
}

export interface Countdown {
  hours: number;
  minutes: number;
  seconds: number;
}

export function countdownTo(target: Date, now: Date): Countdown {
  const totalSeconds = Math.max(0, Math.ceil((target.getTime() - now.getTime()) / 1000));
  return {
    hours: Math.floor(totalSeconds / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}

export const countdownToNextWindow = (now: Date) => countdownTo(nextWindowOpening(now), now);

const twoDigits = (n: number) => String(n).padStart(2, '0');

export const formatCountdown = ({ hours, minutes, seconds }: Countdown) =>
  `${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(seconds)}`;

/** Spoken form for screen readers, e.g. "5 hours, 2 minutes, 9 seconds". */
export function describeCountdown({ hours, minutes, seconds }: Countdown): string {
  const unit = (n: number, name: string) => `${n} ${name}${n === 1 ? '' : 's'}`;
  return [unit(hours, 'hour'), unit(minutes, 'minute'), unit(seconds, 'second')].join(', ');
}

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
