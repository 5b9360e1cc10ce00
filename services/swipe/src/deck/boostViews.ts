import type { KeyValueStore } from '@nocturne/platform/ports';

/** Long enough to tell the member after any boost of a monthly allowance; then the counts expire. */
const KEPT_MS = 35 * 24 * 3600_000;

/**
 * How many distinct people a Moon-Boost's card was shown to: a deck read that included the boosted card
 * while the boost ran notes its viewer once (a key per boost and viewer, set only if absent), and counts
 * them in the shared key-value store, so every instance counts together.
 */
export function createBoostViews(kv: KeyValueStore) {
  const viewerKey = (boostId: string, viewerId: number) => `swipe:boost-viewer:${boostId}:${viewerId}`;
  const countKey = (boostId: string) => `swipe:boost-views:${boostId}`;
  return {
    async note(boostId: string, viewerId: number): Promise<void> {
      if (await kv.set(viewerKey(boostId, viewerId), '1', { onlyIfAbsent: true, ttlMs: KEPT_MS })) await kv.increment(countKey(boostId), { ttlMs: KEPT_MS });
    },
    async count(boostId: string): Promise<number> {
      return Number((await kv.get(countKey(boostId))) ?? 0);
    },
  };
}
export type BoostViews = ReturnType<typeof createBoostViews>;
