import { clockOffsetOf, fetchSwipeWindow, type SwipeWindowInfo } from '../api/swipe';
import { takeArrivedAnswer, takeEarlyAnswer } from '../prefetch/deckPrefetch';
import { createUserResource } from '../session/userResource';
import { useState } from 'react';
import { browserTimeZone, countdownTo, isNightTime, isSwipingOpen, nextWindowOpening, readSwipeWindowMode, type Countdown, type SwipeWindowMode } from './swipeWindow';
import { useClockValue, useNow } from './useNow';

/** The server's answer and how far the browser's clock is off from the server's. */
export interface ServerSwipeWindow extends SwipeWindowInfo {
  clockOffsetMs: number;
}

const withOffset = ({ window, receivedAt }: { window: SwipeWindowInfo; receivedAt: number }): ServerSwipeWindow => ({ ...window, clockOffsetMs: clockOffsetOf(window, receivedAt) });

export const loadServerSwipeWindow = async (): Promise<ServerSwipeWindow> => {
  // The deck opened by its address asked with the page already.
  const early = await takeEarlyAnswer('window');
  return withOffset(early ?? { window: await fetchSwipeWindow(), receivedAt: Date.now() });
};

export const swipeWindowResource = createUserResource(loadServerSwipeWindow, {
  arrived: () => {
    const early = takeArrivedAnswer('window');
    return early && withOffset(early);
  },
});

export interface SwipeWindowView {
  /** False until the server answered; the browser's zone and the page's mode stand in meanwhile. */
  fromServer: boolean;
  mode: SwipeWindowMode;
  timeZone: string;
  open: boolean;
  opensAt: Date;
  countdown: Countdown;
}

/**
 * The window as the server applies it to this person (their stored zone, the stack's mode), ticking on
 * the browser's clock corrected by the server's.
 */
export function swipeWindowAt(browserNow: Date, server: ServerSwipeWindow | null, fallbackMode: SwipeWindowMode = readSwipeWindowMode()): SwipeWindowView {
  const now = new Date(browserNow.getTime() + (server?.clockOffsetMs ?? 0));
  const timeZone = server?.timeZone ?? browserTimeZone();
  const mode = server?.mode ?? fallbackMode;
  const opensAt = nextWindowOpening(now, timeZone);
  return { fromServer: server !== null, mode, timeZone, open: mode === 'always' || isNightTime(now, timeZone), opensAt, countdown: countdownTo(opensAt, now) };
}

export function useSwipeWindow(userId: number): SwipeWindowView {
  const now = useNow(1000);
  const { value } = swipeWindowResource.use(userId);
  return swipeWindowAt(now, value);
}

/**
 * Before sign-in there is no person whose zone the server follows: signed-out screens (the landing page)
 * read the mode the page says and the browser's clock, and re-render only when "open" changes.
 */
export function useSwipingOpen(intervalMs = 1000): boolean {
  const [mode] = useState(() => readSwipeWindowMode());
  return useClockValue((now) => isSwipingOpen(mode, now), intervalMs);
}
