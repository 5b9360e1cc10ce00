import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '../logging';
import type { KeyValueStore, StoredEvent } from '../ports';

/**
 * Read-your-writes across services. What the API confirms must be usable at once in every service (a
 * client told "matched" sends a message with its next call; a person who just finished onboarding can be
 * liked at once), yet the services learn of each other's changes from the bus. So a request that stored
 * events answers only once every other service that reads them has handled them (or a bound passed):
 *
 * - `handleCommand` notes each append in the request's write log (`writeLog`, an AsyncLocalStorage, so no
 *   use case passes anything along);
 * - the subgraph server, before it answers a request that wrote, calls the service's `settle`: its own
 *   projections reach the writes, and the readers of the events its relay publishes have handled them;
 * - each integration consumer announces which event types of which topic its group reads (a key with a
 *   time to live, refreshed while it runs, so a group that is gone is not waited for) and marks every
 *   event it handled, skipped or found done before (`markHandled`), telling waiters at once.
 *
 * The wait is bounded (a reader that is down, a bus that is away): past it the answer goes out as it is
 * and the lag is logged; nothing is refused for it.
 */

/**
 * An event stored during the current request or consumer delivery, as the relay will read it (so the
 * service's mapper says whether and as what it is published); `globalPosition` is that of its append's
 * last event, which is what a projection must reach.
 */
export type WrittenEvent = StoredEvent;

const writeLog = new AsyncLocalStorage<WrittenEvent[]>();

/** Runs `work` with a log of its own; answers what it wrote besides its result. */
export async function collectingWrites<T>(work: () => Promise<T>): Promise<{ result: T; written: WrittenEvent[] }> {
  const written: WrittenEvent[] = [];
  const result = await writeLog.run(written, work);
  return { result, written };
}

/** Runs the rest of a request (Express's `next`) with a log of its own, read later with `writtenSoFar`. */
export function withWriteLog<T>(run: () => T): T {
  return writeLog.run([], run);
}

/** What the current request or delivery has stored so far (empty outside one). */
export function writtenSoFar(): readonly WrittenEvent[] {
  return writeLog.getStore() ?? [];
}

/** Notes stored events in the current log, if there is one (there is none at start-up, in tests, in projections). */
export function noteWrites(events: readonly WrittenEvent[]): void {
  writeLog.getStore()?.push(...events);
}

/** Where the key-value store keeps the readers and the marks: nothing there needs to outlive a restart. */
export const READ_YOUR_WRITES_KEY_PREFIX = 'ryw:';
const readersKey = (topic: string) => `${READ_YOUR_WRITES_KEY_PREFIX}readers:${topic}`;
const readerKey = (topic: string, group: string) => `${READ_YOUR_WRITES_KEY_PREFIX}reader:${topic}:${group}`;
const handledKey = (group: string, eventId: string) => `${READ_YOUR_WRITES_KEY_PREFIX}handled:${group}:${eventId}`;
const HANDLED_CHANNEL = `${READ_YOUR_WRITES_KEY_PREFIX}handled`;

export interface PropagationOptions {
  kv: KeyValueStore;
  logger?: Logger;
  /** How long an announcement lives without being refreshed (default 15 s; refreshed every third of it). */
  readerTtlMs?: number;
  /** How long a handled mark is kept (default 10 minutes: far longer than any wait). */
  markTtlMs?: number;
  /** How long the list of readers is reused before it is read again (default 1 s). */
  readersCacheMs?: number;
  /** A slow check of the marks while waiting, in case a notice was lost (default 100 ms). */
  recheckMs?: number;
}

export interface Propagation {
  /** A reader group announces the types it reads from a topic; the answer withdraws it. */
  announce(topic: string, group: string, types: readonly string[]): Promise<() => Promise<void>>;
  /** The group handled (or skipped, or had handled before) this event. */
  markHandled(group: string, eventId: string): Promise<void>;
  /** Whether any group reads one of these event types from the topic (its announcement alive). */
  readsAny(topic: string, types: readonly string[]): Promise<boolean>;
  /** Waits until every group that reads each event's type on the topic has handled it; false at the bound. */
  awaitReaders(topic: string, events: ReadonlyArray<{ id: string; type: string }>, timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export function createPropagation(options: PropagationOptions): Propagation {
  const { kv } = options;
  const readerTtlMs = options.readerTtlMs ?? 15_000;
  const markTtlMs = options.markTtlMs ?? 600_000;
  const readersCacheMs = options.readersCacheMs ?? 1_000;
  const recheckMs = options.recheckMs ?? 100;

  const readersCache = new Map<string, { at: number; readers: Promise<Map<string, Set<string>>> }>();
  /** Groups reading `topic`, with the types each reads; a lapsed announcement is dropped from the set. */
  const readersOf = (topic: string): Promise<Map<string, Set<string>>> => {
    const cached = readersCache.get(topic);
    if (cached && Date.now() - cached.at < readersCacheMs) return cached.readers;
    const readers = (async () => {
      const found = new Map<string, Set<string>>();
      for (const group of await kv.members(readersKey(topic))) {
        const types = await kv.get(readerKey(topic, group));
        if (types === null) await kv.removeFromSet(readersKey(topic), group);
        else found.set(group, new Set(JSON.parse(types) as string[]));
      }
      return found;
    })();
    readersCache.set(topic, { at: Date.now(), readers });
    readers.catch(() => readersCache.delete(topic));
    return readers;
  };

  /** Waiters by `<group> <eventId>`, woken by the notices of this process's one subscription. */
  const waiting = new Map<string, Set<() => void>>();
  let subscription: Promise<() => Promise<void>> | undefined;
  const subscribe = () =>
    (subscription ??= kv.subscribe(HANDLED_CHANNEL, (message) => {
      for (const wake of waiting.get(message) ?? []) wake();
    }));

  const waitForMark = (group: string, eventId: string, deadline: number): Promise<boolean> =>
    new Promise<boolean>((resolve) => {
      const name = `${group} ${eventId}`;
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const finish = (reached: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const wakers = waiting.get(name);
        wakers?.delete(check);
        if (wakers?.size === 0) waiting.delete(name);
        resolve(reached);
      };
      const check = () => {
        kv.get(handledKey(group, eventId)).then(
          (mark) => {
            if (mark !== null) finish(true);
            else if (Date.now() >= deadline) finish(false);
            else if (!settled) {
              clearTimeout(timer);
              timer = setTimeout(check, Math.min(recheckMs, Math.max(0, deadline - Date.now())));
            }
          },
          () => finish(false),
        );
      };
      const wakers = waiting.get(name) ?? new Set<() => void>();
      wakers.add(check);
      waiting.set(name, wakers);
      check();
    });

  return {
    async announce(topic, group, types) {
      const write = async () => {
        await kv.set(readerKey(topic, group), JSON.stringify(types), { ttlMs: readerTtlMs });
        await kv.addToSet(readersKey(topic), group);
      };
      await write();
      const refresh = setInterval(() => void write().catch((error: unknown) => options.logger?.debug({ err: error, topic, group }, 'read-your-writes: announcement not refreshed')), readerTtlMs / 3);
      refresh.unref();
      return async () => {
        clearInterval(refresh);
        // Instances of the group share the announcement; it lapses on its own once the last one is gone.
      };
    },

    async markHandled(group, eventId) {
      await kv.set(handledKey(group, eventId), '1', { ttlMs: markTtlMs });
      await kv.publish(HANDLED_CHANNEL, `${group} ${eventId}`);
    },

    async readsAny(topic, types) {
      if (types.length === 0) return false;
      const readers = await readersOf(topic);
      return [...readers.values()].some((read) => types.some((type) => read.has(type)));
    },

    async awaitReaders(topic, events, timeoutMs) {
      if (events.length === 0) return true;
      const readers = await readersOf(topic);
      const marks = events.flatMap((event) => [...readers].filter(([, types]) => types.has(event.type)).map(([group]) => ({ group, eventId: event.id })));
      if (marks.length === 0) return true;
      await subscribe();
      const deadline = Date.now() + timeoutMs;
      const reached = await Promise.all(marks.map(({ group, eventId }) => waitForMark(group, eventId, deadline)));
      const late = marks.filter((_, index) => !reached[index]);
      if (late.length > 0) options.logger?.warn({ topic, late: late.map(({ group, eventId }) => `${group}:${eventId}`), timeoutMs }, 'read-your-writes: readers lag behind; answering without waiting');
      return late.length === 0;
    },

    async close() {
      const unsubscribe = await subscription?.catch(() => undefined);
      subscription = undefined;
      await unsubscribe?.().catch(() => undefined);
    },
  };
}

/** What an integration consumer is given to take part: the announcements and marks, and its service's own settle. */
export interface ConsumerReadYourWrites {
  propagation: Propagation;
  /** Waits until the service's own read models hold what the consumer's handler wrote. */
  settleLocally(written: readonly WrittenEvent[]): Promise<void>;
}
