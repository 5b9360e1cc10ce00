import type { SwipeKind } from '@nocturne/contracts';
import type { DomainEvent } from '@nocturne/platform/domain';

/**
 * One person's swipes in one quota night (20:00 to 20:00 on their clock): the consistency boundary of
 * the nightly quotas, so parallel swipes cannot spend one like twice. Stream `night-<userId>-<YYYY-MM-DD>`.
 */
export const nightStreamId = (userId: number, night: string) => `night-${userId}-${night}`;

export type SwipeRecorded = DomainEvent<'SwipeRecorded', { swipeId: string; swiperId: number; swipedId: number; kind: SwipeKind; night: string; swipedAt: string }>;
export type NightEvent = SwipeRecorded;

export interface Night {
  likes: number;
  superLikes: number;
  /** The last swipe on each person this night, so that a repeated swipe is recognised. */
  swiped: Record<number, SwipeKind>;
}

export const initialNight = (): Night => ({ likes: 0, superLikes: 0, swiped: {} });

export function evolveNight(state: Night, event: NightEvent): Night {
  const { kind, swipedId } = event.data;
  return {
    likes: state.likes + (kind === 'like' ? 1 : 0),
    superLikes: state.superLikes + (kind === 'superlike' ? 1 : 0),
    swiped: { ...state.swiped, [swipedId]: kind },
  };
}
