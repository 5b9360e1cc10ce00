import type { SwipeKind } from '@nocturne/contracts';

/** Spec point 9: a drag beyond 100 px or faster than 500 px/s decides; up also needs 50 px upward. */
export const SWIPE_OFFSET_PX = 100;
export const SWIPE_VELOCITY = 500;
export const SWIPE_UP_MIN_PX = 50;

interface Vector {
  x: number;
  y: number;
}

/**
 * What a released drag means (spec point 4): right a like, left a pass, up a super-like, anything else
 * snaps back. The axis the card moved further along decides, so a mostly sideways flick is never
 * read as a super-like.
 */
export function swipeOfDrag(offset: Vector, velocity: Vector): SwipeKind | null {
  const vertical = Math.abs(offset.y) > Math.abs(offset.x);
  if (vertical) {
    const decided = offset.y < -SWIPE_OFFSET_PX || velocity.y < -SWIPE_VELOCITY;
    return decided && offset.y < -SWIPE_UP_MIN_PX ? 'superlike' : null;
  }
  if (offset.x > SWIPE_OFFSET_PX || (velocity.x > SWIPE_VELOCITY && offset.x > 0)) return 'like';
  if (offset.x < -SWIPE_OFFSET_PX || (velocity.x < -SWIPE_VELOCITY && offset.x < 0)) return 'pass';
  return null;
}

/** Which part of a tapped card was hit: its left and right thirds page through photos. */
export function tapZone(offsetX: number, width: number): 'previous' | 'details' | 'next' {
  if (offsetX < width / 3) return 'previous';
  if (offsetX > (width * 2) / 3) return 'next';
  return 'details';
}
