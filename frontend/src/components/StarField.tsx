import { memo, useMemo } from 'react';
import styled, { keyframes } from 'styled-components';

export const AUTH_STAR_COUNT = 30;

interface Star {
  left: number;
  top: number;
  size: number;
  delay: number;
  duration: number;
}

/** A small deterministic generator, so the sky looks the same on every render and in screenshots. */
function placeStars(count: number, seed: number): Star[] {
  let state = seed;
  const random = () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
  return Array.from({ length: count }, () => ({
    left: random() * 100,
    top: random() * 100,
    size: 1 + random() * 2.2,
    delay: random() * 4,
    duration: 2.4 + random() * 3,
  }));
}

/** Decorative twinkling stars behind a screen; hidden from assistive technology. Drawn once: a parent's re-render leaves them be. */
export const StarField = memo(function StarField({ count = AUTH_STAR_COUNT, seed = 7 }: { count?: number; seed?: number }) {
  const stars = useMemo(() => placeStars(count, seed), [count, seed]);
  return (
    <Sky aria-hidden="true" data-testid="star-field">
      {stars.map((star, index) => (
        <StarDot
          key={index}
          style={{
            left: `${star.left}%`,
            top: `${star.top}%`,
            width: star.size,
            height: star.size,
            animationDelay: `${star.delay}s`,
            animationDuration: `${star.duration}s`,
          }}
        />
      ))}
    </Sky>
  );
});

const twinkle = keyframes`
  0%, 100% { opacity: 0.25; transform: scale(0.8); }
  50% { opacity: 1; transform: scale(1.15); }
`;

const Sky = styled.div`
  position: absolute;
  inset: 0;
  overflow: hidden;
  pointer-events: none;
`;

const StarDot = styled.span`
  position: absolute;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.star};
  box-shadow: 0 0 6px rgba(233, 228, 255, 0.8);
  animation: ${twinkle} ease-in-out infinite;
`;
