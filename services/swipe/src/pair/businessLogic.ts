import { isLikeKind, type SwipeKind } from '@nocturne/contracts';
import type { Decider } from '@nocturne/platform/domain';
import { evolvePair, initialPair, type Pair, type PairEvent } from './pair';

/** `matchId` is drawn by the application only when `wouldMatch` says this swipe makes the match. */
export interface RegisterSwipe {
  type: 'RegisterSwipe';
  swipeId: string;
  from: number;
  to: number;
  kind: SwipeKind;
  now: Date;
  matchId: number | null;
}
export type PairCommand = RegisterSwipe;

/** True when a swipe of `kind` by `from` makes the match: the other already likes them and none exists yet. */
export function wouldMatch(state: Pair, command: Pick<RegisterSwipe, 'swipeId' | 'from' | 'to' | 'kind'>): boolean {
  return !state.swipeIds.includes(command.swipeId) && state.match === null && isLikeKind(command.kind) && isLikeKind(state.latest[command.to]);
}

export function decidePair(command: PairCommand, state: Pair): PairEvent[] {
  const { swipeId, from, to, kind, now } = command;
  if (state.swipeIds.includes(swipeId)) return [];
  const swiped: PairEvent = { type: 'PairSwiped', data: { swipeId, from, to, kind, swipedAt: now.toISOString() } };
  if (!wouldMatch(state, command)) return [swiped];
  if (command.matchId === null) throw new Error('RegisterSwipe makes a match but carries no matchId (ask wouldMatch first)');
  const superLikedBy = [...new Set([...state.superLikedBy, ...(kind === 'superlike' ? [from] : [])])].sort((a, b) => a - b);
  const userIds: [number, number] = from < to ? [from, to] : [to, from];
  return [swiped, { type: 'MatchCreated', data: { matchId: command.matchId, userIds, superLikedBy, createdAt: now.toISOString() } }];
}

export const pairDecider: Decider<PairCommand, Pair, PairEvent> = { decide: decidePair, evolve: evolvePair, initialState: initialPair };
