import { createContext, useContext, useState } from 'react';
import { countdownToNextWindow, isSwipingOpen, readSwipeWindowMode, type Countdown, type SwipeWindowMode } from './swipeWindow';
import { useClockValue, useNow } from './useNow';

/**
 * Where the screens learn the window's mode. Today the page the gateway serves says it (a meta tag); once
 * the swipe service exists, a provider fed by it replaces the default here and nowhere else.
 */
export const SwipeWindowModeContext = createContext<SwipeWindowMode | null>(null);

export function useSwipeWindowMode(): SwipeWindowMode {
  const provided = useContext(SwipeWindowModeContext);
  const [fromPage] = useState(() => readSwipeWindowMode());
  return provided ?? fromPage;
}

export interface SwipeWindow {
  mode: SwipeWindowMode;
  now: Date;
  /** Whether swiping is open now, by the one rule of `isSwipingOpen`. */
  open: boolean;
  /** Time left until the next 8:00 PM. */
  countdown: Countdown;
}

/** The swipe window as every screen shows it, re-read every `intervalMs`. */
export function useSwipeWindow(intervalMs = 1000): SwipeWindow {
  const mode = useSwipeWindowMode();
  const now = useNow(intervalMs);
  return { mode, now, open: isSwipingOpen(mode, now), countdown: countdownToNextWindow(now) };
}

/** Only whether swiping is open, by the same rule; re-renders when that changes, not every second. */
export function useSwipingOpen(intervalMs = 1000): boolean {
  const mode = useSwipeWindowMode();
  return useClockValue((now) => isSwipingOpen(mode, now), intervalMs);
}
