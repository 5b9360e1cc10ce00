import type { Billing, DeckFilters, PlanId, SwipeKind } from '@nocturne/contracts';
import type { DeckFiltersAnswer, DeckProfile, LikesReceived, Membership, MoonBoostAnswer, Quota, SwipeResult, SwipeWindowInfo } from '@nocturne/contracts/api';
import { requestJson } from './http';

// The answers' types are the contracts' (`@nocturne/contracts/api`), the schemas the routes answer.
export type { DeckProfile, LikeReceived, LikesReceived, Match, Membership, MoonBoostAnswer, Quota, SwipeResult, SwipeWindowInfo } from '@nocturne/contracts/api';

/** How far the server's clock is ahead of the browser's: its answer's `now` against when the answer arrived (Date.now()). */
export const clockOffsetOf = ({ now }: SwipeWindowInfo, receivedAt: number) => Date.parse(now) - receivedAt;

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

/** Takes back the last pass, on `swipedId` (within PASS_UNDO_MS of it, once). */
export const undoPass = (swipedId: number) => requestJson<{ undone: true; swipedId: number }>('POST', '/api/swipes/undo', { swipedId });

export const fetchMoonBoost = () => requestJson<MoonBoostAnswer>('GET', '/api/moon-boost');
export const startMoonBoost = () => requestJson<MoonBoostAnswer>('POST', '/api/moon-boost');

export const fetchQuota = () => requestJson<Quota>('GET', '/api/quota');

export const fetchSwipeWindow = () => requestJson<SwipeWindowInfo>('GET', '/api/swipe-window');

export const fetchMembership = () => requestJson<Membership>('GET', '/api/plan');

export const choosePlan = (plan: PlanId, billing?: Billing) => requestJson<Membership>('POST', '/api/plan', { plan, ...(billing && { billing }) });

export const fetchDeckFilters = () => requestJson<DeckFiltersAnswer>('GET', '/api/deck-filters');

export const saveDeckFilters = (filters: DeckFilters) => requestJson<DeckFiltersAnswer>('PUT', '/api/deck-filters', filters);

export const fetchLikesReceived = () => requestJson<LikesReceived>('GET', '/api/likes');

/** A photo to show for someone without any: the generated avatar the server serves for every person. */
export const avatarOf = (userId: number) => `/api/avatars/${userId}`;

/** A person's pictures: their photos, or their generated avatar when they uploaded none. */
export const photosOf = (profile: Pick<DeckProfile, 'id' | 'photos'>): string[] => (profile.photos.length > 0 ? profile.photos : [avatarOf(profile.id)]);
