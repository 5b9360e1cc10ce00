// --- The swipe window (decisions.md: 20:00 to 04:00 in the person's own time zone) --------------------

export const WINDOW_OPENS_HOUR = 20;
export const WINDOW_CLOSES_HOUR = 4;

/** `always`: the round-the-clock demo (`SWIPE_WINDOW=always`); `nightly`: the real window. */
export const SwipeWindowModes = ['nightly', 'always'] as const;
export type SwipeWindowMode = (typeof SwipeWindowModes)[number];

export interface LocalTime {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Wall-clock times already worked out, by zone and whole second (a swipe asks for the same few instants
 * several times: now, and the 8:00 PMs around it); `formatToParts` is the costly part of a swipe's arithmetic.
 */
const localTimes = new Map<string, Readonly<LocalTime>>();
const LOCAL_TIMES_KEPT = 4096;

/** The wall-clock time at `instant` in `timeZone`. */
export function localTime(instant: Date, timeZone: string): LocalTime {
  const key = `${timeZone} ${Math.floor(instant.getTime() / 1000)}`;
  const known = localTimes.get(key);
  if (known) return { ...known };
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const local = { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
  if (localTimes.size >= LOCAL_TIMES_KEPT) localTimes.clear();
  localTimes.set(key, local);
  return { ...local };
}

/** The instant at which the wall clock of `timeZone` shows the given local time (DST gaps move forward). */
export function instantOf(local: Omit<LocalTime, 'second' | 'minute'> & { minute?: number; second?: number }, timeZone: string): Date {
  const wanted = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute ?? 0, local.second ?? 0);
  let guess = wanted;
  // Two corrections settle any offset, including a DST change between the guess and the answer.
  for (let i = 0; i < 2; i++) {
    const seen = localTime(new Date(guess), timeZone);
    const shown = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second);
    guess += wanted - shown;
  }
  return new Date(guess);
}

/** Night-time, one rule everywhere: from 20:00 until 04:00 on the person's own clock. */
export function isNightTime(instant: Date, timeZone: string): boolean {
  const { hour } = localTime(instant, timeZone);
  return hour >= WINDOW_OPENS_HOUR || hour < WINDOW_CLOSES_HOUR;
}

export const isSwipeWindowOpen = (instant: Date, timeZone: string, mode: SwipeWindowMode) => mode === 'always' || isNightTime(instant, timeZone);

const addDays = (local: { year: number; month: number; day: number }, days: number) => {
  const date = new Date(Date.UTC(local.year, local.month - 1, local.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};

/** The next 8:00 PM on the person's clock strictly after `instant`. */
export function nextWindowOpening(instant: Date, timeZone: string): Date {
  const now = localTime(instant, timeZone);
  const today = instantOf({ year: now.year, month: now.month, day: now.day, hour: WINDOW_OPENS_HOUR }, timeZone);
  if (today.getTime() > instant.getTime()) return today;
  return instantOf({ ...addDays(now, 1), hour: WINDOW_OPENS_HOUR }, timeZone);
}

/**
 * Which night's quota `instant` counts against: the local date of the last 8:00 PM at or before it
 * ('2026-11-23' from 20:00 on the 23rd until 19:59:59 on the 24th). Quotas reset at 20:00 local.
 */
export function quotaNight(instant: Date, timeZone: string): string {
  const now = localTime(instant, timeZone);
  const day = now.hour >= WINDOW_OPENS_HOUR ? now : addDays(now, -1);
  return `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
}

// --- A person's zone over time (decisions.md: a zone change must not buy a second night) --------------

/**
 * The zone a person's nights follow, and a change waiting for its moment. A new zone takes effect at the
 * next 8:00 PM of the zone in force (the moment that night would end anyway), so moving the clock never
 * opens a window or a quota early; only the very first zone of an account applies at once, unless the
 * night it would cut short (a UTC night until then) has already counted something. Zones are IANA names;
 * `zone` null: none set yet (UTC applies).
 */
export interface ZoneSchedule {
  zone: string | null;
  /** A change and the instant (ISO) it takes effect. */
  next: { zone: string; from: string } | null;
}

export const NO_ZONE_YET: ZoneSchedule = { zone: null, next: null };
const FALLBACK_ZONE = 'UTC';

/** The schedule as it stands at `instant`: a change whose moment has come is in force. */
export function zoneScheduleAt(schedule: ZoneSchedule, instant: Date): ZoneSchedule {
  return schedule.next && Date.parse(schedule.next.from) <= instant.getTime() ? { zone: schedule.next.zone, next: null } : schedule;
}

/** The zone the person's window and nights follow at `instant` (UTC before any was set). */
export const zoneInForce = (schedule: ZoneSchedule, instant: Date): string => zoneScheduleAt(schedule, instant).zone ?? FALLBACK_ZONE;

/**
 * The schedule after the person asked for `requested` at `at`. `countedTonight`: something of theirs was
 * already counted in the night in force at `at` (a swipe, a chat started); it matters only for a first zone.
 */
export function scheduleZoneChange(schedule: ZoneSchedule, requested: string, at: Date, countedTonight: boolean): ZoneSchedule {
  const now = zoneScheduleAt(schedule, at);
  if (now.zone === requested) return { zone: now.zone, next: null };
  if (now.zone === null && !countedTonight) return { zone: requested, next: null };
  return { zone: now.zone, next: { zone: requested, from: nextWindowOpening(at, now.zone ?? FALLBACK_ZONE).toISOString() } };
}

// --- Countdown (the top bar, the closed deck) ---------------------------------------------------------

export interface Countdown {
  hours: number;
  minutes: number;
  seconds: number;
}

export function countdownTo(target: Date, now: Date): Countdown {
  const totalSeconds = Math.max(0, Math.ceil((target.getTime() - now.getTime()) / 1000));
  return { hours: Math.floor(totalSeconds / 3600), minutes: Math.floor((totalSeconds % 3600) / 60), seconds: totalSeconds % 60 };
}

const twoDigits = (n: number) => String(n).padStart(2, '0');
export const formatCountdown = ({ hours, minutes, seconds }: Countdown) => `${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(seconds)}`;

/** Spoken form for screen readers, e.g. "5 hours, 2 minutes, 9 seconds". */
export function describeCountdown({ hours, minutes, seconds }: Countdown): string {
  const unit = (n: number, name: string) => `${n} ${name}${n === 1 ? '' : 's'}`;
  return [unit(hours, 'hour'), unit(minutes, 'minute'), unit(seconds, 'second')].join(', ');
}
