import type { AllSubscription, ExpectedVersion, NewEvent, StoredEvent, StreamAppend } from './ports';
import { cappedDoublingMs } from './delays';
import type { Logger } from './logging';

export function assertAppendArguments(streamId: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): void {
  if (!streamId) throw new Error('streamId is required');
  if (expectedVersion !== 'any' && !(Number.isInteger(expectedVersion) && expectedVersion >= 0)) {
    throw new Error(`expectedVersion must be a non-negative integer or 'any', got ${String(expectedVersion)}`);
  }
  for (const event of events) {
    if (!event.id || !event.type) throw new Error(`stream ${streamId}: every event needs an id and a type`);
  }
}

/** A write to several streams names each stream once (a stream's events go in one part, in order). */
export function assertStreamAppends(appends: readonly StreamAppend[]): void {
  if (appends.length === 0) throw new Error('appendToStreams needs at least one stream');
  const seen = new Set<string>();
  for (const { streamId, events, expectedVersion } of appends) {
    assertAppendArguments(streamId, events, expectedVersion);
    if (seen.has(streamId)) throw new Error(`stream ${streamId} is named twice in one write`);
    seen.add(streamId);
  }
}

export const toStored = (event: NewEvent, streamId: string, streamVersion: number, globalPosition: number): StoredEvent => ({
  id: event.id,
  type: event.type,
  schemaVersion: event.schemaVersion ?? 1,
  occurredAt: event.occurredAt,
  data: event.data,
  metadata: event.metadata ?? {},
  streamId,
  streamVersion,
  globalPosition,
});

/** The subscriptions a store has handed out, so that closing the store stops every one of them. */
export class SubscriptionSet {
  private readonly live = new Set<AllSubscription>();

  track(subscription: AllSubscription): AllSubscription {
    const tracked: AllSubscription = {
      stop: async () => {
        this.live.delete(tracked);
        await subscription.stop();
      },
    };
    this.live.add(tracked);
    return tracked;
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.live].map((subscription) => subscription.stop()));
  }
}

/**
 * subscribeToAll on top of readAll: delivers in global order, awaits the handler, and when the handler
 * throws retries the same event with backoff instead of skipping it (an event is never lost to a
 * subscriber). `waitForMore` resolves when new events may exist (or after a poll interval); it is told how
 * many reads in a row found nothing, so a store that polls can poll an idle log less often.
 */
export function pollingSubscription(options: {
  after: number;
  handler: (event: StoredEvent) => Promise<void>;
  readAll: (after: number, limit: number) => Promise<StoredEvent[]>;
  /** Resolves when events after `position` may exist; checks first, so an append just before is not missed. */
  waitForMore: (position: number, emptyReads: number) => Promise<void>;
  wake: () => void;
  /**
   * How many times this process's appends (or a closed gap) woke the store's subscribers so far. With it,
   * a batch shorter than asked is not followed by a read at once unless it moved meanwhile: the read found
   * the end of the log, and what this process appends since wakes `waitForMore`, so the read that would
   * find nothing (one database round trip per subscription for every batch) is not made. Another process's
   * append is found by the next poll, as after an empty read.
   */
  wakeCount?: () => number;
  logger?: Logger;
  batchSize?: number;
}): AllSubscription {
  let position = options.after;
  let stopped = false;
  const run = async () => {
    let failures = 0;
    let emptyReads = 0;
    const limit = options.batchSize ?? 256;
    while (!stopped) {
      let batch: StoredEvent[];
      const wakesBefore = options.wakeCount?.();
      try {
        batch = await options.readAll(position, limit);
      } catch (error) {
        if (stopped) break;
        options.logger?.warn({ err: error, position }, 'event store read failed; retrying');
        await backoff(++failures);
        continue;
      }
      if (batch.length === 0) {
        // A stop() that came while the read was in flight has already woken nobody: do not wait.
        if (stopped) break;
        await options.waitForMore(position, ++emptyReads);
        continue;
      }
      emptyReads = 0;
      for (const event of batch) {
        while (!stopped) {
          try {
            await options.handler(event);
            position = event.globalPosition;
            failures = 0;
            break;
          } catch (error) {
            if (stopped) break;
            options.logger?.warn({ err: error, globalPosition: event.globalPosition }, 'subscriber failed; retrying the same event');
            await backoff(++failures);
          }
        }
        if (stopped) break;
      }
      // The end of the log was read and nothing was appended here since: wait as after an empty read.
      if (!stopped && wakesBefore !== undefined && batch.length < limit && options.wakeCount!() === wakesBefore) await options.waitForMore(position, (emptyReads = 1));
    }
  };
  const done = run();
  return {
    stop: async () => {
      stopped = true;
      options.wake();
      await done;
    },
  };
}

const backoff = (failures: number) => new Promise<void>((resolve) => setTimeout(resolve, cappedDoublingMs(failures, 50, 5000)));
