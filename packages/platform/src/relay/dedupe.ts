import type { KeyValueStore, ReadModelStore } from '../ports';

/**
 * Remembers which events a consumer has handled, so an at-least-once redelivery is skipped. An event is
 * marked only after its handler succeeded: a failure leaves it to be retried, never skipped. Two copies
 * handled at the very same moment can both run, so handlers stay idempotent; the deduper saves the work.
 */
export interface Deduper {
  seen(eventId: string): Promise<boolean>;
  markHandled(eventId: string): Promise<void>;
  /** Runs `handle` unless the event was handled before; answers whether it ran. */
  once(eventId: string, handle: () => Promise<void>): Promise<boolean>;
}

function deduper(seen: Deduper['seen'], markHandled: Deduper['markHandled']): Deduper {
  return {
    seen,
    markHandled,
    once: async (eventId, handle) => {
      if (await seen(eventId)) return false;
      await handle();
      await markHandled(eventId);
      return true;
    },
  };
}

/** Marks in the key-value store under `dedupe:<namespace>:<id>`, kept for `ttlMs` (default 7 days). */
export function keyValueDeduper(kv: KeyValueStore, options: { namespace: string; ttlMs?: number }): Deduper {
  const ttlMs = options.ttlMs ?? 7 * 24 * 3600_000;
  const key = (eventId: string) => `dedupe:${options.namespace}:${eventId}`;
  return deduper(
    async (eventId) => (await kv.get(key(eventId))) !== null,
    async (eventId) => {
      await kv.set(key(eventId), '1', { ttlMs, onlyIfAbsent: true });
    },
  );
}

/**
 * Marks in a read-model collection: for consumers whose read models live in the same store, where the
 * marks then survive exactly as long as the read model does (an in-process rebuild clears both).
 */
export function readModelDeduper(readModels: ReadModelStore, options: { collection: string }): Deduper {
  const marks = readModels.collection<{ _id: string; handledAt: string }>(options.collection);
  return deduper(
    async (eventId) => (await marks.get(eventId)) !== null,
    async (eventId) => marks.upsert({ _id: eventId, handledAt: new Date().toISOString() }),
  );
}
