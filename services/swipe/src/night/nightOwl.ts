/**
 * The night-owl score, 0 to 10: the share of a person's activity that fell inside the night window
 * (20:00 to 04:00 on their own clock) over the last two weeks, times ten, rounded. With no activity in
 * that time it is 5, the spec's default. Activity is what this service sees a person do: swipes (and,
 * once chat exists, messages), counted per hour.
 */
export const NIGHT_OWL_DEFAULT = 5;
export const NIGHT_OWL_WINDOW_MS = 14 * 24 * 3600_000;

export function nightOwlScore(hours: ReadonlyArray<{ count: number; atNight: boolean }>): number {
  const total = hours.reduce((sum, hour) => sum + hour.count, 0);
  if (total === 0) return NIGHT_OWL_DEFAULT;
  const atNight = hours.reduce((sum, hour) => sum + (hour.atNight ? hour.count : 0), 0);
  return Math.round((10 * atNight) / total);
}
