import { useEffect, useRef } from 'react';
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
