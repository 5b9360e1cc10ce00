import { useEffect, useRef, useState } from 'react';
import { subscribeLive } from './liveClient';

/**
 * Keeps one live subscription open while the component is mounted; the handlers may change between
 * renders. `onEnd` runs when the server ends it (the match ended) or refuses it.
 */
export function useLiveSubscription<T>(query: string | null, variables: Record<string, unknown>, onValue: (value: T) => void, onEnd?: () => void): void {
  const handlers = useRef({ onValue, onEnd });
  useEffect(() => {
    handlers.current = { onValue, onEnd };
  });
  const key = JSON.stringify(variables);
  useEffect(() => {
    if (query === null) return undefined;
    return subscribeLive<T>(
      query,
      JSON.parse(key) as Record<string, unknown>,
      (value) => handlers.current.onValue(value),
      () => handlers.current.onEnd?.(),
      () => handlers.current.onEnd?.(),
    );
  }, [query, key]);
}

/** The unread total for the Messages badge, live (its subscription also makes the person count as online). */
export function useLiveUnreadTotal(): number {
  const [total, setTotal] = useState(0);
  useLiveSubscription<{ unreadTotal: number }>('subscription Unread { unreadTotal }', {}, (value) => setTotal(value.unreadTotal));
  return total;
}

// Matches whose popup the deck already showed (the person who liked second sees it there first).
const shownMatches = new Set<number>();
export const noteMatchShown = (matchId: number) => void shownMatches.add(matchId);
export const wasMatchShown = (matchId: number) => shownMatches.has(matchId);
