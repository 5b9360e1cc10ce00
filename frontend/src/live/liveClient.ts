import type { Client } from 'graphql-ws/client';
import { firstPaint } from '../firstPaint';

/** The gateway closes a socket with this code when its session ended: no reconnecting then. */
const SESSION_ENDED = 4401;

let client: Promise<Client> | undefined;
let connections = 0;
const reconnectListeners = new Set<() => void>();

/** Waits 1 s, 2 s, 4 s ... up to 15 s between attempts, with jitter, so a returning network is not stampeded. */
const backoff = (retries: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.min(15_000, 1000 * 2 ** retries) * (0.75 + Math.random() / 2)));

/**
 * The app's one WebSocket to the gateway (graphql-ws on /graphql), every live subscription sharing it.
 * The client library is a chunk of its own, loaded with the first subscription. A dropped connection is
 * retried with backoff for as long as the session lasts; after each reconnection the listeners of
 * `onReconnected` fetch what was missed.
 */
function liveClient(): Promise<Client> {
  // Its client library waits for the first paint (see firstPaint): nothing live is on the first frame.
  client ??= firstPaint.then(() => import('graphql-ws/client')).then(({ createClient }) =>
    createClient({
      url: `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/graphql`,
      lazy: true,
      lazyCloseTimeout: 3_000,
      keepAlive: 20_000,
      retryAttempts: Number.MAX_SAFE_INTEGER,
      retryWait: backoff,
      shouldRetry: (event) => !(typeof event === 'object' && event !== null && 'code' in event && (event as { code: number }).code === SESSION_ENDED),
      on: {
        connected: () => {
          connections += 1;
          if (connections > 1) for (const listener of reconnectListeners) listener();
        },
      },
    }),
  );
  return client;
}

/** Subscribes to one operation; answers the unsubscribe. Errors end the subscription (`onError`), as the server may (`onComplete`). */
export function subscribeLive<T>(query: string, variables: Record<string, unknown>, onValue: (value: T) => void, onError?: (error: unknown) => void, onComplete?: () => void): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  liveClient().then(
    (live) => {
      if (stopped) return;
      stop = live.subscribe<T>(
        { query, variables },
        {
          next: (result) => {
            if (result.errors) onError?.(result.errors);
            else if (result.data) onValue(result.data as T);
          },
          error: (error) => onError?.(error),
          complete: () => {
            if (!stopped) onComplete?.();
          },
        },
      );
    },
    (error: unknown) => onError?.(error),
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

/** Runs `listener` after each reconnection of the live socket; answers the removal. */
export function onReconnected(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}
