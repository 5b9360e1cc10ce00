import { isLikeKind, SwipeMessages, type SwipeKind } from '@nocturne/contracts';
import { RuleViolation, type Decider } from '@nocturne/platform/domain';
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
/** Ends the match of the pair; `by` must be one of the two. */
export interface Unmatch {
  type: 'Unmatch';
  by: number;
  other: number;
  now: Date;
}
/** Hides `other` from `by` and `by` from `other`, everywhere, for good; ends their match if they had one. */
export interface Block {
  type: 'Block';
  by: number;
  other: number;
  now: Date;
}
/** The chat context found nobody wrote before the match's dawn: the match ends as an unmatch would end it. */
export interface Fade {
  type: 'Fade';
  matchId: number;
  userIds: [number, number];
  fadedAt: string;
}
export type PairCommand = RegisterSwipe | Unmatch | Block | Fade;

/** True when a swipe of `kind` by `from` makes the match: the other already likes them and none exists yet. */
export function wouldMatch(state: Pair, command: Pick<RegisterSwipe, 'swipeId' | 'from' | 'to' | 'kind'>): boolean {
  return !state.swipeIds.includes(command.swipeId) && state.match === null && state.blockedBy.length === 0 && isLikeKind(command.kind) && isLikeKind(state.latest[command.to]);
}

const userIdsOf = (a: number, b: number): [number, number] => (a < b ? [a, b] : [b, a]);

export function decidePair(command: PairCommand, state: Pair): PairEvent[] {
  switch (command.type) {
    case 'RegisterSwipe':
      return registerSwipe(command, state);
    case 'Unmatch': {
      if (!state.match || state.ended) throw new RuleViolation('NOT_FOUND', SwipeMessages.matchNotFound);
      const { matchId } = state.match;
      return [{ type: 'MatchEnded', data: { matchId, userIds: userIdsOf(command.by, command.other), endedBy: command.by, reason: 'unmatch', endedAt: command.now.toISOString() } }];
    }
    case 'Fade':
      // Only the match it names, once (the event may arrive twice; an unmatch or block may have come first).
      if (!state.match || state.ended || state.match.matchId !== command.matchId) return [];
      return [{ type: 'MatchEnded', data: { matchId: command.matchId, userIds: userIdsOf(...command.userIds), endedBy: null, reason: 'faded', endedAt: command.fadedAt } }];
    case 'Block': {
      if (state.blockedBy.includes(command.by)) return [];
      const at = command.now.toISOString();
      const blocked: PairEvent = { type: 'PairBlocked', data: { blockerId: command.by, blockedId: command.other, blockedAt: at } };
      if (!state.match || state.ended) return [blocked];
      return [blocked, { type: 'MatchEnded', data: { matchId: state.match.matchId, userIds: userIdsOf(command.by, command.other), endedBy: command.by, reason: 'block', endedAt: at } }];
    }
  }
}

function registerSwipe(command: RegisterSwipe, state: Pair): PairEvent[] {
  const { swipeId, from, to, kind, now } = command;
  if (state.swipeIds.includes(swipeId)) return [];
  const swiped: PairEvent = { type: 'PairSwiped', data: { swipeId, from, to, kind, swipedAt: now.toISOString() } };
  if (!wouldMatch(state, command)) return [swiped];
  if (command.matchId === null) throw new Error('RegisterSwipe makes a match but carries no matchId (ask wouldMatch first)');
  const superLikedBy = [...new Set([...state.superLikedBy, ...(kind === 'superlike' ? [from] : [])])].sort((a, b) => a - b);
  return [swiped, { type: 'MatchCreated', data: { matchId: command.matchId, userIds: userIdsOf(from, to), superLikedBy, createdAt: now.toISOString() } }];
}

export const pairDecider: Decider<PairCommand, Pair, PairEvent> = { decide: decidePair, evolve: evolvePair, initialState: initialPair, stateWithoutPersonalData: true };
