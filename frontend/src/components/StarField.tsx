import { memo, useMemo } from 'react';
import styled, { keyframes } from 'styled-components';
import { alpha } from '../theme/theme';

export const AUTH_STAR_COUNT = 30;

/** Stars twinkle in this many groups, each a single layer with its own rhythm. */
const TWINKLE_GROUPS = [
  { duration: 2.8, delay: 0 },
  { duration: 3.9, delay: -1.3 },
  { duration: 5.1, delay: -2.6 },
] as const;

interface Star {
  left: number;
  top: number;
  size: number;
}

/** A small deterministic generator, so the sky looks the same on every render and in screenshots. */
export function placeStars(count: number, seed: number): Star[] {
  let state = seed;
  const random = () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
  return Array.from({ length: count }, () => {
    const star = { left: random() * 100, top: random() * 100, size: 1 + random() * 2.2 };
    // Two more draws keep the sky of earlier versions, which also drew a delay and a duration per star.
    random();
    random();
    return star;
  });
}

/** One star as a background layer: a bright dot with a soft glow around it. */
const starGradient = ({ left, top, size }: Star) => {
  const radius = size / 2;
  return `radial-gradient(circle at ${left.toFixed(2)}% ${top.toFixed(2)}%, ${alpha('star', 1)} 0 ${radius.toFixed(2)}px, ${alpha('star', 0.35)} ${(radius + 0.8).toFixed(2)}px, ${alpha('star', 0)} ${(radius + 3).toFixed(2)}px)`;
};

/**
 * Decorative twinkling stars behind a screen; hidden from assistive technology. The stars are background
 * layers of a few elements rather than an element each: a sky of 30 separately animated elements keeps
 * the main thread busy (style updates and an animation event per star and cycle, which React's root
 * listener handles), where three layers cost next to nothing. Drawn once: a parent's re-render leaves
 * them be.
 */
export const StarField = memo(function StarField({ count = AUTH_STAR_COUNT, seed = 7 }: { count?: number; seed?: number }) {
  const layers = useMemo(() => {
    const stars = placeStars(count, seed);
    return TWINKLE_GROUPS.map((group, index) => ({
      ...group,
      image: stars
        .filter((_, starIndex) => starIndex % TWINKLE_GROUPS.length === index)
        .map(starGradient)
        .join(', '),
    }));
  }, [count, seed]);
  return (
    <Sky aria-hidden="true" data-testid="star-field" data-stars={count}>
      {layers.map((layer) => (
        <Layer key={layer.duration} style={{ backgroundImage: layer.image, animationDuration: `${layer.duration}s`, animationDelay: `${layer.delay}s` }} />
      ))}
    </Sky>
  );
});

const twinkle = keyframes`
  0%, 100% { opacity: 0.35; }
  50% { opacity: 1; }
`;

const Sky = styled.div`
  position: absolute;
  inset: 0;
  overflow: hidden;
  pointer-events: none;
`;

const Layer = styled.span`
  position: absolute;
  inset: 0;
  background-repeat: no-repeat;
  animation: ${twinkle} ease-in-out infinite;
`;
