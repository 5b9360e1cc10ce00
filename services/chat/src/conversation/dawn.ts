import { instantOf, localTime, quotaNight, WINDOW_CLOSES_HOUR, WINDOW_OPENS_HOUR } from '@nocturne/contracts';

/**
 * The dawn rule (decisions.md): a match in which nobody has written fades at 04:00 once the night after
 * the match has ended, on the clock of whichever of the two reaches it first. `lastNightFrom` is the
 * 8:00 PM that starts that last night (the list marks the match "fades at dawn" from then); `zone` is the
 * clock that decided, which a Time-Freeze follows to the next night.
 */
export interface Dawn {
  fadesAt: string;
  lastNightFrom: string;
  zone: string;
}

type LocalDate = { year: number; month: number; day: number };
const addDays = (date: LocalDate, days: number): LocalDate => {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
};
const parseNight = (night: string): LocalDate => {
  const [year, month, day] = night.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

/** The last night that starts on `date` (local) in `zone`. */
function lastNightOn(date: LocalDate, zone: string): Dawn {
  return {
    lastNightFrom: instantOf({ ...date, hour: WINDOW_OPENS_HOUR }, zone).toISOString(),
    fadesAt: instantOf({ ...addDays(date, 1), hour: WINDOW_CLOSES_HOUR }, zone).toISOString(),
    zone,
  };
}

/**
 * One person's dawn: the match counts in the night of its quota night (the last 8:00 PM at or before it),
 * the night after that one is the full night to say hello, and the 04:00 that ends it is the dawn.
 */
export const dawnIn = (matchedAt: Date, zone: string): Dawn => lastNightOn(addDays(parseNight(quotaNight(matchedAt, zone)), 1), zone);

/** The dawn of a match: the earlier of its two people's. */
export function dawnOfMatch(matchedAt: Date, zones: readonly [string, string]): Dawn {
  const [first, second] = zones.map((zone) => dawnIn(matchedAt, zone)) as [Dawn, Dawn];
  return Date.parse(second.fadesAt) < Date.parse(first.fadesAt) ? second : first;
}

/** A Time-Freeze: the same clock, one night later (the night that starts on the evening after the dawn). */
export function nightLonger(dawn: Dawn): Dawn {
  const { year, month, day } = localTime(new Date(dawn.fadesAt), dawn.zone);
  return lastNightOn({ year, month, day }, dawn.zone);
}

/** In its last night: the list marks it "fades at dawn", and a Time-Freeze may keep it. */
export const inLastNight = (dawn: Pick<Dawn, 'fadesAt' | 'lastNightFrom'>, now: Date) => Date.parse(dawn.lastNightFrom) <= now.getTime() && now.getTime() < Date.parse(dawn.fadesAt);
export const hasFaded = (dawn: Pick<Dawn, 'fadesAt'>, now: Date) => now.getTime() >= Date.parse(dawn.fadesAt);
