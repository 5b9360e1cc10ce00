import { join } from 'node:path';
import { assertStreamAppends, pollingSubscription, SubscriptionSet, toStored } from '../eventStoreShared';
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
  type StreamAppend,
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
 * Event store in memory, optionally backed by `<dir>/events.log`: one JSON line per append, with the events
 * of every stream it names (so a write is all-or-nothing), fsync'd before `append` resolves, replayed at start.
 *
 * An append is checked and given its versions and global positions at once (no await in between, so
 * nothing interleaves), then written; it becomes visible to readers only when it is durable, in global
 * order. Appends do not wait for each other's fsync: the log writes all that arrived meanwhile together.
 */
export class InProcessEventStore implements EventStore {
  /**
   * Each event as its JSON text: a read parses fresh copies (a third of the cost of a structured clone,
   * which every command paid for each event of the stream it loads), so no reader can change what is stored.
   */
  private readonly all: string[] = [];
  private readonly streams = new Map<string, string[]>();
  private readonly log: AppendLog<AppendRecord> | undefined;
  private readonly appended = new Signal();
  /** Stream versions and the global position counting appends still being written. */
  private readonly reservedVersions = new Map<string, number>();
  private reservedPosition = 0;
  /** The latest append to become visible; each waits for the one before, so global order holds. */
  private committed: Promise<unknown> = Promise.resolve();
  private readonly subscriptions = new SubscriptionSet();
  private closed = false;

  constructor(private readonly options: InProcessEventStoreOptions = {}) {
    if (options.dir) {
      this.log = AppendLog.open<AppendRecord>(join(options.dir, 'events.log'));
      for (const record of this.log.records) for (const event of record.events) this.keep(event.globalPosition, event.streamId, JSON.stringify(event));
      this.log.records.length = 0;
    }
    this.reservedPosition = this.all.length;
  }

  append(streamId: string, events: readonly NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    return this.appendToStreams([{ streamId, events, expectedVersion: options.expectedVersion }]).then((results) => results[0]!);
  }

  /** All the streams' events go into one line of the log: a crash keeps all of them or none. */
  appendToStreams(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    try {
      if (this.closed) throw new Error('event store is closed');
      assertStreamAppends(appends);
    } catch (error) {
      return Promise.reject(error);
    }
    const versions = appends.map(({ streamId }) => this.reservedVersions.get(streamId) ?? this.streams.get(streamId)?.length ?? 0);
    const conflicting = appends.findIndex(({ expectedVersion }, i) => expectedVersion !== 'any' && expectedVersion !== versions[i]);
    if (conflicting !== -1) {
      // Answered once the appends being written are visible, so the caller's next read sees what it lost to.
      const { streamId, expectedVersion } = appends[conflicting]!;
      const conflict = new WrongExpectedVersionError(streamId, expectedVersion, versions[conflicting]!);
      return this.committed.then(() => Promise.reject(conflict));
    }
    // Each event as the JSON text it is kept as, taken now: what the caller changes afterwards is not stored.
    const stored: Array<{ streamId: string; text: string }> = [];
    const results: AppendResult[] = appends.map(({ streamId, events }, i) => {
      const current = versions[i]!;
      for (const [index, event] of events.entries()) stored.push({ streamId, text: JSON.stringify(toStored(event, streamId, current + index + 1, this.reservedPosition + stored.length + 1)) });
      return { nextExpectedVersion: current + events.length, lastGlobalPosition: events.length === 0 ? this.reservedPosition : this.reservedPosition + stored.length };
    });
    if (stored.length === 0) return Promise.resolve(results);
    const first = this.reservedPosition + 1;
    this.reservedPosition += stored.length;
    const touched = appends.flatMap(({ streamId, events }, i) => (events.length > 0 ? [{ streamId, version: versions[i]! + events.length }] : []));
    for (const { streamId, version } of touched) this.reservedVersions.set(streamId, version);
    // One line of the log, an AppendRecord, from the texts.
    const written = this.log ? this.log.appendJson([`{"events":[${stored.map(({ text }) => text).join(',')}]}`]) : Promise.resolve();
    const visible = this.committed.then(() => written).then(() => {
      for (const [index, { streamId, text }] of stored.entries()) this.keep(first + index, streamId, text);
      for (const { streamId } of touched) if (this.reservedVersions.get(streamId) === this.streams.get(streamId)?.length) this.reservedVersions.delete(streamId);
      this.appended.notify();
      return results;
    });
    this.committed = visible.catch(() => undefined);
    return visible;
  }

  /** The event at `position` of `streamId`, as its JSON text. */
  private keep(position: number, streamId: string, text: string): void {
    if (position !== this.all.length + 1) throw new Error(`events.log: position ${position} out of order`);
    this.all.push(text);
    const stream = this.streams.get(streamId);
    if (stream) stream.push(text);
    else this.streams.set(streamId, [text]);
  }

  async readStream(streamId: string, options: { fromVersion?: number } = {}): Promise<StoredEvent[]> {
    const stream = this.streams.get(streamId) ?? [];
    const from = Math.max(1, options.fromVersion ?? 1);
    return stream.slice(from - 1).map((text) => JSON.parse(text) as StoredEvent);
  }

  async readAll(options: ReadAllOptions): Promise<StoredEvent[]> {
    return this.all.slice(Math.max(0, options.after), Math.max(0, options.after) + options.limit).map((text) => JSON.parse(text) as StoredEvent);
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
    await this.committed;
    await this.log?.close();
  }
}
