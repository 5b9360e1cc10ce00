import type { DeckProfile } from '../../api/swipe';

/** The spec's card shows up to 2 kinks and 2 interests, then '+N'. */
export const TAGS_ON_CARD = 2;

/** Up to `max` items, the ones the viewer shares first, and how many are left out. */
export function tagsForCard(items: readonly string[], shared: readonly string[] = [], max = TAGS_ON_CARD): { shown: string[]; more: number } {
  const ordered = [...items.filter((item) => shared.includes(item)), ...items.filter((item) => !shared.includes(item))];
  return { shown: ordered.slice(0, max), more: Math.max(0, items.length - max) };
}

/** The city the person chose to show and 'N km away' when both shared a position: either, both, or nothing. */
export function whereabouts(profile: Pick<DeckProfile, 'distance' | 'location'>): string | null {
  const distance = profile.distance === null ? null : `${Math.max(1, profile.distance)} km away`;
  if (distance && profile.location) return `${profile.location} · ${distance}`;
  return distance ?? profile.location;
}
