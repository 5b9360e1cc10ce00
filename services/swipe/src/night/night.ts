import type { SwipeKind } from '@nocturne/contracts';
import type { DomainEvent } from '@nocturne/platform/domain';

/**
 * One person's swipes in one quota night (20:00 to 20:00 on their clock): the consistency boundary of
 * the nightly quotas, so parallel swipes cannot spend one like twice. Stream `night-<userId>-<YYYY-MM-DD>`.
 */
export const nightStreamId = (userId: number, night: string) => `night-${userId}-${night}`;

/** `priority`: a like from a plan with priority likes; the liker's card comes first in the liked person's next deck. */
export type SwipeRecorded = DomainEvent<'SwipeRecorded', { swipeId: string; swiperId: number; swipedId: number; kind: SwipeKind; night: string; swipedAt: string; priority?: boolean }>;
/** The person took back their last pass (within `PASS_UNDO_MS`): the pass stays in the history, undone. */
export type PassUndone = DomainEvent<'PassUndone', { swipeId: string; swiperId: number; swipedId: number; night: string; undoneAt: string }>;
export type NightEvent = SwipeRecorded | PassUndone;

export interface Night {
  likes: number;
  superLikes: number;
  /**
   * The last swipe on each person this night, so that a repeated swipe is recognised. A Map: each swipe
   * makes a new one, and copying a Map of a long night's swipes costs about a sixth of spreading an object of them (17 against 106 µs a swipe in a night of 1,000).
   */
  swiped: ReadonlyMap<number, SwipeKind>;
  /** The night's latest swipe, the only one an undo may take back (a pass, once). */
  last: { swipeId: string; swipedId: number; kind: SwipeKind; swipedAt: string; undone: boolean } | null;
}

export const initialNight = (): Night => ({ likes: 0, superLikes: 0, swiped: new Map(), last: null });

export function evolveNight(state: Night, event: NightEvent): Night {
  switch (event.type) {
    case 'SwipeRecorded': {
      const { swipeId, kind, swipedId, swipedAt } = event.data;
      return {
        likes: state.likes + (kind === 'like' ? 1 : 0),
        superLikes: state.superLikes + (kind === 'superlike' ? 1 : 0),
        swiped: new Map(state.swiped).set(swipedId, kind),
        last: { swipeId, swipedId, kind, swipedAt, undone: false },
      };
    }
    case 'PassUndone': {
      // Passing the same person again afterwards is a new pass, not a repeat.
      const swiped = new Map(state.swiped);
      swiped.delete(event.data.swipedId);
      return { ...state, swiped, last: state.last && { ...state.last, undone: true } };
    }
  }
}
