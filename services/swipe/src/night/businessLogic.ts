import { isLikeKind, PASS_UNDO_MS, SwipeMessages, type PlanAllowance, type SwipeKind } from '@nocturne/contracts';
import { RuleViolation, type Decider } from '@nocturne/platform/domain';
import { evolveNight, initialNight, swipedOn, type Night, type NightEvent } from './night';

/**
 * Everything the rule needs arrives in the command: whether the window is open on the swiper's clock
 * and what their plan allows, both worked out by the application at `now`.
 */
export interface RecordSwipe {
  type: 'RecordSwipe';
  swipeId: string;
  swiperId: number;
  swipedId: number;
  kind: SwipeKind;
  night: string;
  now: Date;
  /** The night window (20:00 to 04:00) is open on the swiper's clock. */
  windowOpen: boolean;
  allowance: Pick<PlanAllowance, 'likesPerNight' | 'superLikesPerNight' | 'dayAccess' | 'priorityLikes'>;
}
/** Takes back the night's last swipe when it is a pass on `swipedId`, made at most `PASS_UNDO_MS` ago. */
export interface UndoPass {
  type: 'UndoPass';
  swiperId: number;
  swipedId: number;
  night: string;
  now: Date;
}
export type NightCommand = RecordSwipe | UndoPass;

export function decideNight(command: NightCommand, state: Night): NightEvent[] {
  return command.type === 'UndoPass' ? undoPass(command, state) : recordSwipe(command, state);
}

function undoPass({ swiperId, swipedId, night, now }: UndoPass, state: Night): NightEvent[] {
  const { last } = state;
  // Only the latest swipe, only a pass, only once: anything else is no pass to undo.
  if (!last || last.kind !== 'pass' || last.undone || last.swipedId !== swipedId) throw new RuleViolation('NOT_FOUND', SwipeMessages.noPassToUndo);
  if (now.getTime() - Date.parse(last.swipedAt) > PASS_UNDO_MS) throw new RuleViolation('LIMIT_REACHED', SwipeMessages.undoExpired, { reason: 'undo-expired' });
  return [{ type: 'PassUndone', data: { swipeId: last.swipeId, swiperId, swipedId, night, undoneAt: now.toISOString() } }];
}

function recordSwipe(command: RecordSwipe, state: Night): NightEvent[] {
  const { swipeId, swiperId, swipedId, kind, night, now, windowOpen, allowance } = command;
  // Day access (a Night Pass) opens swiping round the clock while the plan lasts.
  if (!windowOpen && !allowance.dayAccess) throw new RuleViolation('LIMIT_REACHED', SwipeMessages.windowClosed, { reason: 'window-closed' });
  // The same swipe twice (a double tap, a retried request) counts once.
  if (swipedOn(state.swiped, swipedId) === kind) return [];
  if (kind === 'like' && allowance.likesPerNight !== null && state.likes >= allowance.likesPerNight) {
    throw new RuleViolation('LIMIT_REACHED', SwipeMessages.likesLimit, { reason: 'likes-limit' });
  }
  if (kind === 'superlike' && state.superLikes >= allowance.superLikesPerNight) {
    throw new RuleViolation('LIMIT_REACHED', SwipeMessages.superLikesUsed, { reason: 'super-likes-used' });
  }
  const priority = isLikeKind(kind) && allowance.priorityLikes;
  return [{ type: 'SwipeRecorded', data: { swipeId, swiperId, swipedId, kind, night, swipedAt: now.toISOString(), ...(priority && { priority }) } }];
}

export const nightDecider: Decider<NightCommand, Night, NightEvent> = { decide: decideNight, evolve: evolveNight, initialState: initialNight, stateWithoutPersonalData: true };
