import type { ReactNode } from 'react';
import { LazyMotion, MotionConfig } from 'motion/react';
import { firstPaint } from '../../firstPaint';

/**
 * What makes the `m` components move (animation, exit, drag, layout) is a chunk of its own, fetched when
 * the first scope has mounted and the page has painted (see firstPaint): a screen draws its cards and pages at once, still, and they come alive a moment
 * later (the time of one small download), instead of the first paint waiting for the whole library.
 * `strict` makes a `motion` component (which would bring the library back into the screen's chunk) an
 * error inside a scope.
 */
const loadFeatures = () => firstPaint.then(() => import('./motionFeatures')).then((features) => features.default);

/** Animations honour the system's "reduce motion" setting. */
export function MotionScope({ children }: { children: ReactNode }) {
  return (
    <MotionConfig reducedMotion="user">
      <LazyMotion features={loadFeatures} strict>
        {children}
      </LazyMotion>
    </MotionConfig>
  );
}
