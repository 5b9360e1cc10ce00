import { avatarOf, type DeckProfile } from '../../api/swipe';

/** The spec's card shows up to 2 kinks and 2 interests, then '+N'. */
export const TAGS_ON_CARD = 2;

/** Up to `max` items, the ones the viewer shares first, and how many are left out. */
export function tagsForCard(items: readonly string[], shared: readonly string[] = [], max = TAGS_ON_CARD): { shown: string[]; more: number } {
  const ordered = [...items.filter((item) => shared.includes(item)), ...items.filter((item) => !shared.includes(item))];
  return { shown: ordered.slice(0, max), more: Math.max(0, items.length - max) };
}

/** 'N km away' when both shared a position, else the city the person chose to show, else nothing. */
export function whereabouts(profile: Pick<DeckProfile, 'distance' | 'location'>): string | null {
  if (profile.distance !== null) return `${Math.max(1, profile.distance)} km away`;
  return profile.location;
}

/** The card's pictures: the person's photos, or their generated avatar when they uploaded none. */
export const photosOf = (profile: Pick<DeckProfile, 'id' | 'photos'>): string[] => (profile.photos.length > 0 ? profile.photos : [avatarOf(profile.id)]);
