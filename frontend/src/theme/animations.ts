import { css, keyframes } from 'styled-components';

/*
 * Entrance animations of the screens every visitor sees first (landing, sign-in, dialogs, toasts) are
 * plain CSS, so those screens need no animation library. GlobalStyle shortens every CSS animation to
 * nothing under prefers-reduced-motion.
 */

export const fadeIn = keyframes`
  from { opacity: 0; }
`;

const rise = keyframes`
  from { opacity: 0; transform: translateY(var(--rise-from, 16px)); }
`;

/** Fades in while rising `distance` px, after `delay` seconds. */
export const riseIn = (delay = 0, duration = 0.6, distance = 16) => css`
  --rise-from: ${distance}px;
  animation: ${rise} ${duration}s ease-out ${delay}s both;
`;

/** Rises in with a little overshoot, as a bottom sheet does. */
export const sheetIn = css`
  --rise-from: 40px;
  animation: ${rise} 0.35s cubic-bezier(0.22, 1.2, 0.36, 1) both;
`;
