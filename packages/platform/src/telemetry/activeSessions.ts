import type { SessionStore } from '../sessions';
import { activeSessions } from './metrics';

const ACTIVE_WINDOW_MS = 5 * 60_000;
const PRUNE_EVERY_MS = 60_000;

/**
 * The gateway's view of people using the app now (`nocturne_sessions_active`): the distinct sessions
 * resolved in the last 5 minutes. Counting sessions in Redis would scan every key; this is cheap, and it
 * is what an operator wants to see (a signed-in person who left an hour ago is no load). The answer is
 * the same store, its `resolve` noting each live session it finds; `stop()` ends the tracking.
 */
export function trackActiveSessions(store: SessionStore, now: () => number = Date.now): { sessions: SessionStore; stop(): void } {
  const lastSeen = new Map<string, number>();
  let prunedAt = now();
  const prune = (at: number) => {
    for (const [hash, seen] of lastSeen) if (at - seen > ACTIVE_WINDOW_MS) lastSeen.delete(hash);
    prunedAt = at;
  };
  const stop = activeSessions.add({
    read: () => {
      prune(now());
      return [{ labels: {}, value: lastSeen.size }];
    },
  });
  const sessions = Object.create(store) as SessionStore;
  sessions.resolve = async (id, at) => {
    const session = await store.resolve(id, at);
    if (session) {
      const time = now();
      lastSeen.set(session.hash, time);
      if (time - prunedAt > PRUNE_EVERY_MS) prune(time);
    }
    return session;
  };
  return { sessions, stop };
}
