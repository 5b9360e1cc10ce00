import type { Billing, DeckFilters, PlanId, SwipeKind, SwipeWindowMode } from '@nocturne/contracts';
import { requestJson } from './http';

/** One card of `GET /api/profiles`, filtered by the server. */
export interface DeckProfile {
  id: number;
  username: string;
  name: string;
  age: number;
  /** Display URLs in order; empty when the person uploaded none. */
  photos: string[];
  bio: string | null;
  kinks: string[];
  interests: string[];
  /** A city the person chose to show; never a position. */
  location: string | null;
  /** Whole km between ~1 km grid cells; null when either person shared no location. */
  distance: number | null;
  /** Active tonight (a live connection since 8:00 PM on their clock): never whether they are online now, nor when. */
  isOnline: boolean;
  isVerified: boolean;
  nightOwlScore: number;
  superLikedYou: boolean;
  sharedKinks: string[];
}

export interface Quota {
  plan: PlanId;
  night: string;
  /** null: unlimited. */
  likesPerNight: number | null;
  likesUsed: number;
  likesRemaining: number | null;
  superLikesPerNight: number;
  superLikesUsed: number;
  resetsAt: string;
}

export interface Match {
  id: number;
  user1Id: number;
  user2Id: number;
  createdAt: string;
  otherUser: { id: number; name: string; photo: string };
  superLikedYou: boolean;
}

export interface SwipeResult {
  isMatch: boolean;
  matchId: number | null;
  match: Match | null;
  quota: Quota;
}

export interface SwipeWindowInfo {
  open: boolean;
  mode: SwipeWindowMode;
  /** The next 8:00 PM on the person's clock (ISO). */
  opensAt: string;
  /** The zone the server follows for this person. */
  timeZone: string;
  /** The server's clock (ISO), to correct the browser's. */
  now: string;
}

/** How far the server's clock is ahead of the browser's: its answer's `now` against when the answer arrived (Date.now()). */
export const clockOffsetOf = ({ now }: SwipeWindowInfo, receivedAt: number) => Date.parse(now) - receivedAt;

export interface Membership {
  plan: PlanId;
  billing: Billing | null;
  /** When a Night Pass runs out. */
  expiresAt: string | null;
  isPremium: boolean;
}

export interface LikeReceived {
  superLike: boolean;
  user: { id: number; name: string; photo: string };
  likedAt: string;
}

/** On the free plan (`visible` false) only the count: `likes` is empty. */
export interface LikesReceived {
  visible: boolean;
  count: number;
  likes: LikeReceived[];
}

/** Cards asked for at once: enough to keep three on screen and the next images loading. */
export const DECK_PAGE_SIZE = 20;

export const fetchDeck = ({ restart = false, limit = DECK_PAGE_SIZE }: { restart?: boolean; limit?: number } = {}) =>
  requestJson<DeckProfile[]>('GET', `/api/profiles?limit=${limit}&restart=${restart}`);

export const sendSwipe = ({ swiperId, swipedId, kind, at = new Date() }: { swiperId: number; swipedId: number; kind: SwipeKind; at?: Date }) =>
  requestJson<SwipeResult>('POST', '/api/swipes', {
    swiperId,
    swipedId,
    isLike: kind !== 'pass',
    timestamp: at.toISOString(),
    ...(kind === 'superlike' && { isSuperLike: true }),
  });

export const fetchQuota = () => requestJson<Quota>('GET', '/api/quota');

export const fetchSwipeWindow = () => requestJson<SwipeWindowInfo>('GET', '/api/swipe-window');

export const fetchMembership = () => requestJson<Membership>('GET', '/api/plan');

export const choosePlan = (plan: PlanId, billing?: Billing) => requestJson<Membership>('POST', '/api/plan', { plan, ...(billing && { billing }) });

export const fetchDeckFilters = () => requestJson<DeckFilters>('GET', '/api/deck-filters');

export const saveDeckFilters = (filters: DeckFilters) => requestJson<DeckFilters>('PUT', '/api/deck-filters', filters);

export const fetchLikesReceived = () => requestJson<LikesReceived>('GET', '/api/likes');

/** A photo to show for someone without any: the generated avatar the server serves for every person. */
export const avatarOf = (userId: number) => `/api/avatars/${userId}`;

/** A person's pictures: their photos, or their generated avatar when they uploaded none. */
export const photosOf = (profile: Pick<DeckProfile, 'id' | 'photos'>): string[] => (profile.photos.length > 0 ? profile.photos : [avatarOf(profile.id)]);
