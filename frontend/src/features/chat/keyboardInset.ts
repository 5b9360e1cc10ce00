import { useEffect, useState } from 'react';

/**
 * How much of the bottom of the layout viewport the on-screen keyboard covers, in px (0 when it is closed).
 * Browsers shrink only the visual viewport for the keyboard: a `position: fixed; bottom` frame would end
 * behind it.
 */
export function keyboardInsetOf(layoutHeight: number, visual: { height: number; offsetTop: number } | null | undefined): number {
  if (!visual) return 0;
  return Math.max(0, Math.round(layoutHeight - visual.height - visual.offsetTop));
}

/** The keyboard's inset, followed as the visual viewport changes. */
export function useKeyboardInset(): number {
  const [inset, setInset] = useState(() => keyboardInsetOf(window.innerHeight, window.visualViewport));
  useEffect(() => {
    const visual = window.visualViewport;
    if (!visual) return undefined;
    const update = () => setInset(keyboardInsetOf(window.innerHeight, visual));
    visual.addEventListener('resize', update);
    visual.addEventListener('scroll', update);
    update();
    return () => {
      visual.removeEventListener('resize', update);
      visual.removeEventListener('scroll', update);
    };
  }, []);
  return inset;
}
