import type { SwipeKind } from '@nocturne/contracts';
import type { DomainEvent } from '@nocturne/platform/domain';

/**
 * Two people and what they did to each other: the consistency boundary of matching. Both likes land in
 * the same stream, so two likes at the same moment on two instances conflict, the second is decided
 * again, sees the first, and exactly one MatchCreated is written. Stream `pair-<lower id>-<higher id>`.
 */
export const pairStreamId = (a: number, b: number) => `pair-${Math.min(a, b)}-${Math.max(a, b)}`;

export type PairSwiped = DomainEvent<'PairSwiped', { swipeId: string; from: number; to: number; kind: SwipeKind; swipedAt: string }>;
export type MatchCreated = DomainEvent<'MatchCreated', { matchId: number; userIds: [number, number]; superLikedBy: number[]; createdAt: string }>;
/** `faded`: nobody wrote before its dawn (the chat context decided it: `MatchFaded` on chat.events). */
export type MatchEndReason = 'unmatch' | 'block' | 'faded';
/** `endedBy` null: it faded, nobody ended it. */
export type MatchEnded = DomainEvent<'MatchEnded', { matchId: number; userIds: [number, number]; endedBy: number | null; reason: MatchEndReason; endedAt: string }>;
/** One person hid the other from themselves for good: deck, likes, matches and chat, both ways. */
export type PairBlocked = DomainEvent<'PairBlocked', { blockerId: number; blockedId: number; blockedAt: string }>;
export type PairEvent = PairSwiped | MatchCreated | MatchEnded | PairBlocked;

export interface Pair {
  /** Each person's latest swipe on the other. */
  latest: Record<number, SwipeKind>;
  /** Who super-liked the other, ever. */
  superLikedBy: number[];
  /** Swipes already registered: the same swipe arriving twice (retry, catch-up) changes nothing. */
  swipeIds: string[];
  match: { matchId: number; createdAt: string } | null;
  /** Set once the match ended (unmatch or block); a pair matches at most once. */
  ended: { reason: MatchEndReason; at: string } | null;
  blockedBy: number[];
}

export const initialPair = (): Pair => ({ latest: {}, superLikedBy: [], swipeIds: [], match: null, ended: null, blockedBy: [] });

export function evolvePair(state: Pair, event: PairEvent): Pair {
  switch (event.type) {
    case 'PairSwiped': {
      const { from, kind, swipeId } = event.data;
      return {
        ...state,
        latest: { ...state.latest, [from]: kind },
        superLikedBy: kind === 'superlike' && !state.superLikedBy.includes(from) ? [...state.superLikedBy, from] : state.superLikedBy,
        swipeIds: [...state.swipeIds, swipeId],
      };
    }
    case 'MatchCreated':
      return { ...state, match: { matchId: event.data.matchId, createdAt: event.data.createdAt } };
    case 'MatchEnded':
      return { ...state, ended: { reason: event.data.reason, at: event.data.endedAt } };
    case 'PairBlocked':
      return { ...state, blockedBy: state.blockedBy.includes(event.data.blockerId) ? state.blockedBy : [...state.blockedBy, event.data.blockerId] };
  }
}
