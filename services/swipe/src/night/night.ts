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
  /** The last swipe on each person this night, so that a repeated swipe is recognised (`swipedOn`). */
  swiped: SwipedOn;
  /** The night's latest swipe, the only one an undo may take back (a pass, once). */
  last: { swipeId: string; swipedId: number; kind: SwipeKind; swipedAt: string; undone: boolean } | null;
}

/**
 * A night's swipes on each person, as its states share them: a base shared with the states before, and the
 * few swipes since (null: an undone pass), merged into a new base every `RECENT_SWIPES`. A swipe copies at
 * most that many entries; a whole copy per swipe made a long night quadratic, and each copy, kept between
 * commands, outlived the young generation and was left to a major garbage collection (over a quarter of what
 * the embedded stack promoted and dropped under bench:swipe).
 */
export interface SwipedOn {
  readonly base: ReadonlyMap<number, SwipeKind>;
  readonly recent: ReadonlyMap<number, SwipeKind | null>;
}

const RECENT_SWIPES = 16;
const NO_SWIPES: SwipedOn = { base: new Map(), recent: new Map() };

/** The night's last swipe on `swipedId`, if any. */
export function swipedOn(swiped: SwipedOn, swipedId: number): SwipeKind | undefined {
  const recent = swiped.recent.get(swipedId);
  return recent === undefined ? swiped.base.get(swipedId) : (recent ?? undefined);
}

function withSwipe(swiped: SwipedOn, swipedId: number, kind: SwipeKind | null): SwipedOn {
  const recent = new Map(swiped.recent).set(swipedId, kind);
  if (recent.size < RECENT_SWIPES) return { base: swiped.base, recent };
  const base = new Map(swiped.base);
  for (const [id, last] of recent) {
    if (last === null) base.delete(id);
    else base.set(id, last);
  }
  return { base, recent: new Map() };
}

export const initialNight = (): Night => ({ likes: 0, superLikes: 0, swiped: NO_SWIPES, last: null });

export function evolveNight(state: Night, event: NightEvent): Night {
  switch (event.type) {
    case 'SwipeRecorded': {
      const { swipeId, kind, swipedId, swipedAt } = event.data;
      return {
        likes: state.likes + (kind === 'like' ? 1 : 0),
        superLikes: state.superLikes + (kind === 'superlike' ? 1 : 0),
        swiped: withSwipe(state.swiped, swipedId, kind),
        last: { swipeId, swipedId, kind, swipedAt, undone: false },
      };
    }
    case 'PassUndone': {
      // Passing the same person again afterwards is a new pass, not a repeat.
      return { ...state, swiped: withSwipe(state.swiped, event.data.swipedId, null), last: state.last && { ...state.last, undone: true } };
    }
  }
}
