import { join } from 'node:path';
import { assertAppendArguments, pollingSubscription, SubscriptionSet, toStored } from '../eventStoreShared';
import type { Logger } from '../logging';
import {
  WrongExpectedVersionError,
  type AllSubscription,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type StoredEvent,
} from '../ports';
import { AppendLog } from './appendLog';
import { Signal } from './signal';

interface AppendRecord {
  events: StoredEvent[];
}

export interface InProcessEventStoreOptions {
  /** Directory of `events.log`; without one, events live in memory only. */
  dir?: string;
  logger?: Logger;
}

/**
 * Event store in memory, optionally backed by `<dir>/events.log`: one JSON line per append (so a batch is
 * all-or-nothing), fsync'd before `append` resolves, replayed at start.
 */
export class InProcessEventStore implements EventStore {
  private readonly all: StoredEvent[] = [];
  private readonly streams = new Map<string, StoredEvent[]>();
  private readonly log: AppendLog<AppendRecord> | undefined;
  private readonly appended = new Signal();
  private lock: Promise<unknown> = Promise.resolve();
  private readonly subscriptions = new SubscriptionSet();
  private closed = false;

  constructor(private readonly options: InProcessEventStoreOptions = {}) {
    if (options.dir) {
      this.log = AppendLog.open<AppendRecord>(join(options.dir, 'events.log'));
      for (const record of this.log.records) for (const event of record.events) this.remember(event);
      this.log.records.length = 0;
    }
  }

  append(streamId: string, events: readonly NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    // Serialized so that the conflict check, the file write and global order cannot interleave.
    const run = () => this.appendNow(streamId, events, options.expectedVersion);
    const result = this.lock.then(run, run);
    this.lock = result.catch(() => undefined);
    return result;
  }

  private async appendNow(streamId: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    if (this.closed) throw new Error('event store is closed');
    assertAppendArguments(streamId, events, expectedVersion);
    const current = this.streams.get(streamId)?.length ?? 0;
    if (expectedVersion !== 'any' && expectedVersion !== current) throw new WrongExpectedVersionError(streamId, expectedVersion, current);
    if (events.length === 0) return { nextExpectedVersion: current, lastGlobalPosition: this.all.length };
    const stored = events.map((event, index) => toStored(structuredClone(event), streamId, current + index + 1, this.all.length + index + 1));
    await this.log?.append([{ events: stored }]);
    for (const event of stored) this.remember(event);
    this.appended.notify();
    return { nextExpectedVersion: current + stored.length, lastGlobalPosition: this.all.length };
  }

  private remember(event: StoredEvent): void {
    if (event.globalPosition !== this.all.length + 1) throw new Error(`events.log: position ${event.globalPosition} out of order`);
    this.all.push(event);
    const stream = this.streams.get(event.streamId);
    if (stream) stream.push(event);
    else this.streams.set(event.streamId, [event]);
  }

  async readStream(streamId: string, options: { fromVersion?: number } = {}): Promise<StoredEvent[]> {
    const stream = this.streams.get(streamId) ?? [];
    const from = Math.max(1, options.fromVersion ?? 1);
    return stream.slice(from - 1).map((event) => structuredClone(event));
  }

  async readAll(options: ReadAllOptions): Promise<StoredEvent[]> {
    return this.all.slice(Math.max(0, options.after), Math.max(0, options.after) + options.limit).map((event) => structuredClone(event));
  }

  subscribeToAll(after: number, handler: (event: StoredEvent) => Promise<void>): AllSubscription {
    const subscription = pollingSubscription({
      after,
      handler,
      readAll: (position, limit) => this.readAll({ after: position, limit }),
      waitForMore: (position) => (position < this.all.length ? Promise.resolve() : this.appended.wait()),
      wake: () => this.appended.notify(),
      ...(this.options.logger && { logger: this.options.logger }),
    });
    return this.subscriptions.track(subscription);
  }

  /** The last global position (0 when empty). */
  get position(): number {
    return this.all.length;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.subscriptions.stopAll();
    await this.lock;
    await this.log?.close();
  }
}
