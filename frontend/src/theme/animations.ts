import { css, keyframes } from 'styled-components';

/*
 * Entrance animations of the screens every visitor sees first (landing, sign-in, dialogs, toasts) are
 * plain CSS, so those screens need no animation library. GlobalStyle shortens every CSS animation to
 * nothing under prefers-reduced-motion.
 *
 * Text a screen is about (its heading, its form) must not start invisible: Chromium does not count a
 * paint at opacity 0 that a CSS animation then reveals, so a page whose every text fades in never has a
 * first contentful paint. Such text only rises (`fade: false`); secondary lines may fade in as well.
 */

export const fadeIn = keyframes`
  from { opacity: 0; }
`;

const riseAndFade = keyframes`
  from { opacity: 0; transform: translateY(var(--rise-from, 16px)); }
`;

const rise = keyframes`
  from { transform: translateY(var(--rise-from, 16px)); }
`;

/** Rises `distance` px into place after `delay` seconds, fading in unless `fade` is false. */
export const riseIn = (delay = 0, duration = 0.6, distance = 16, { fade = true } = {}) => css`
  --rise-from: ${distance}px;
  animation: ${fade ? riseAndFade : rise} ${duration}s ease-out ${delay}s both;
`;

/** Rises in with a little overshoot, as a bottom sheet does. */
export const sheetIn = css`
  --rise-from: 40px;
  animation: ${riseAndFade} 0.35s cubic-bezier(0.22, 1.2, 0.36, 1) both;
`;
