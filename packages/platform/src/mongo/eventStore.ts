import { mongo } from 'mongoose';
import { cappedDoublingMs } from '../delays';
import { assertAppendArguments, pollingSubscription, SubscriptionSet, toStored } from '../eventStoreShared';
import type { Logger } from '../logging';
import { delay, Signal } from '../inprocess/signal';
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

/** `_id` is the global position, so the primary key also makes positions unique. */
interface EventDocument {
  _id: number;
  streamId: string;
  streamVersion: number;
  id?: string;
  type?: string;
  schemaVersion?: number;
  occurredAt?: string;
  data?: unknown;
  metadata?: StoredEvent['metadata'];
  /** A position that will never hold an event (see the class comment). */
  void?: true;
}

export interface MongoEventStoreOptions {
  /** Collection of events (default `events`); positions are counted in `<collection>_counters`. */
  collection?: string;
  /**
   * How long readers wait for a missing position before voiding it (default 100 ms): a writer takes far
   * less between allocating a position and inserting its event, unless it stopped or died in between.
   */
  gapTimeoutMs?: number;
  /**
   * How soon subscriptions look again for events appended by other processes after a read that found
   * none (default 100 ms); each further empty read doubles the wait, up to `idlePollMaxMs`.
   */
  pollIntervalMs?: number;
  /** The longest wait between reads of an idle log (default 1 s). */
  idlePollMaxMs?: number;
  logger?: Logger;
}

const VOID_STREAM = '$void';
const isDuplicateKey = (error: unknown) => (error as { code?: number })?.code === 11000;

/**
 * Event store on MongoDB without transactions or change streams.
 *
 * Conflicts: a unique index on (streamId, streamVersion); the second writer of a version gets a duplicate
 * key error, which becomes WrongExpectedVersionError.
 *
 * Global positions: allocated from a counter document with $inc, then the events are inserted with them.
 * Two writers can commit out of order (position 8 visible before 7), and a writer can stop or die between
 * the two steps, so readers only ever hand out the gap-free prefix: at a missing position they stop. The
 * first reader of a process to find a position missing while a later one exists watches it (a lookup by
 * `_id` every few milliseconds) and, if nothing lands there within `gapTimeoutMs`, inserts a void marker at
 * that position, then wakes every subscriber of the process. The unique `_id` decides the race with a late
 * writer: either its event lands (and is read) or the marker does, and the late writer, finding its
 * position taken, allocates new ones and inserts again. So a gap costs the readers `gapTimeoutMs` at most,
 * and only a writer slower than that pays more (an allocation and an insert again). A conflicting writer
 * voids its own positions at once. No event is ever skipped by a reader.
 */
export class MongoEventStore implements EventStore {
  private readonly events: mongo.Collection<EventDocument>;
  private readonly counters: mongo.Collection<{ _id: string; value: number }>;
  /** The missing positions this process watches, each until it holds an event or a void marker. */
  private readonly gaps = new Map<number, Promise<void>>();
  private closed = false;
  private readonly appended = new Signal();
  private readonly subscriptions = new SubscriptionSet();
  private readonly gapTimeoutMs: number;

  private constructor(
    db: mongo.Db,
    private readonly options: MongoEventStoreOptions,
    private readonly onClose: () => Promise<void>,
  ) {
    const name = options.collection ?? 'events';
    this.events = db.collection<EventDocument>(name);
    this.counters = db.collection(`${name}_counters`);
    this.gapTimeoutMs = options.gapTimeoutMs ?? 100;
  }

  static async open(db: mongo.Db, options: MongoEventStoreOptions = {}, onClose: () => Promise<void> = async () => {}): Promise<MongoEventStore> {
    const store = new MongoEventStore(db, options, onClose);
    await store.events.createIndex({ streamId: 1, streamVersion: 1 }, { unique: true, name: 'stream_version_unique' });
    return store;
  }

  private async currentVersion(streamId: string): Promise<number> {
    const last = await this.events.findOne({ streamId }, { sort: { streamVersion: -1 }, projection: { streamVersion: 1 } });
    return last?.streamVersion ?? 0;
  }

  private async allocate(count: number): Promise<number> {
    const counter = await this.counters.findOneAndUpdate({ _id: 'globalPosition' }, { $inc: { value: count } }, { upsert: true, returnDocument: 'after' });
    if (!counter) throw new Error('position counter did not answer');
    return counter.value - count + 1;
  }

  private async voidPositions(positions: number[]): Promise<void> {
    if (positions.length === 0) return;
    try {
      await this.events.insertMany(
        positions.map((position) => ({ _id: position, streamId: VOID_STREAM, streamVersion: position, void: true as const })),
        { ordered: false },
      );
    } catch (error) {
      if (!isDuplicateKey(error) && !(error instanceof mongo.MongoBulkWriteError)) throw error;
    }
  }

  async append(streamId: string, events: readonly NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    assertAppendArguments(streamId, events, options.expectedVersion);
    if (streamId === VOID_STREAM) throw new Error(`stream id ${VOID_STREAM} is reserved`);
    for (let attempt = 0; ; attempt++) {
      const current = await this.currentVersion(streamId);
      const expected = options.expectedVersion === 'any' ? current : options.expectedVersion;
      if (expected !== current) throw new WrongExpectedVersionError(streamId, options.expectedVersion, current);
      if (events.length === 0) return { nextExpectedVersion: current, lastGlobalPosition: 0 };
      const result = await this.insertAt(streamId, events, expected);
      if (result) {
        this.appended.notify();
        return result;
      }
      // Someone else wrote the version first: a conflict, unless any version will do.
      const actual = await this.currentVersion(streamId);
      if (options.expectedVersion !== 'any' || attempt >= 20) throw new WrongExpectedVersionError(streamId, options.expectedVersion, actual);
    }
  }

  /** Inserts the events after `expected`; null when another writer holds one of the stream versions. */
  private async insertAt(streamId: string, events: readonly NewEvent[], expected: number): Promise<AppendResult | null> {
    let pending = events.map((event, index) => ({ event, streamVersion: expected + index + 1 }));
    for (;;) {
      const first = await this.allocate(pending.length);
      const docs: EventDocument[] = pending.map(({ event, streamVersion }, index) => {
        const { streamId: _s, streamVersion: _v, globalPosition: _g, ...rest } = toStored(event, streamId, streamVersion, first + index);
        return { _id: first + index, streamId, streamVersion, ...rest };
      });
      let inserted = docs.length;
      try {
        await this.events.insertMany(docs, { ordered: true });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        inserted = (error as { insertedCount?: number }).insertedCount ?? 0;
      }
      if (inserted === docs.length) return { nextExpectedVersion: expected + events.length, lastGlobalPosition: docs[docs.length - 1]!._id };
      const blocked = docs[inserted]!;
      const holder = await this.events.findOne({ streamId, streamVersion: blocked.streamVersion }, { projection: { _id: 1 } });
      if (holder) {
        // Our version was taken: give back the positions we will not use, so readers need not wait.
        await this.voidPositions(docs.slice(inserted).map((doc) => doc._id));
        if (inserted === 0) return null;
        // Only possible when a reader voided a position in the middle of our insert and another writer
        // appended in between: the stream keeps what was inserted, and the caller must know.
        throw new Error(`stream ${streamId}: append interrupted after ${inserted} of ${events.length} events`);
      }
      // A reader voided our position while we were slow: insert the rest again at new positions.
      this.options.logger?.warn({ streamId, position: blocked._id, gapTimeoutMs: this.gapTimeoutMs }, 'event store: a reader voided this append\'s position before it landed; appending at new positions');
      pending = pending.slice(inserted);
    }
  }

  async readStream(streamId: string, options: { fromVersion?: number } = {}): Promise<StoredEvent[]> {
    const docs = await this.events
      .find({ streamId, streamVersion: { $gte: Math.max(1, options.fromVersion ?? 1) } })
      .sort({ streamVersion: 1 })
      .toArray();
    return docs.map(toEvent);
  }

  /** The gap-free prefix after `after`: see the class comment. */
  async readAll(options: ReadAllOptions): Promise<StoredEvent[]> {
    const result: StoredEvent[] = [];
    let next = options.after + 1;
    while (result.length < options.limit) {
      const docs = await this.events
        .find({ _id: { $gte: next } })
        .sort({ _id: 1 })
        .limit(Math.max(16, options.limit - result.length))
        .toArray();
      if (docs.length === 0) break;
      let blocked = false;
      for (const doc of docs) {
        if (doc._id !== next) {
          blocked = true;
          break;
        }
        if (!doc.void) result.push(toEvent(doc));
        next++;
        if (result.length >= options.limit) break;
      }
      if (blocked) {
        this.watchGap(next);
        break;
      }
    }
    return result;
  }

  /** Starts watching a missing position (once per process); subscribers are woken when it is closed. */
  private watchGap(position: number): void {
    if (this.gaps.has(position) || this.closed) return;
    const watch = this.closeGap(position)
      .catch((error: unknown) => this.options.logger?.warn({ err: error, position }, 'event store: watching a missing position failed'))
      .finally(() => {
        this.gaps.delete(position);
        this.appended.notify();
      });
    this.gaps.set(position, watch);
  }

  /** Resolves once the position holds an event or a void marker: the writer's, or ours after `gapTimeoutMs`. */
  private async closeGap(position: number): Promise<void> {
    const seenAt = Date.now();
    for (let check = 0; ; check++) {
      const left = seenAt + this.gapTimeoutMs - Date.now();
      if (left <= 0) break;
      await delay(Math.min(left, cappedDoublingMs(check, 2, 25)));
      if (this.closed) return;
      if (await this.events.findOne({ _id: position }, { projection: { _id: 1 } })) return;
    }
    this.options.logger?.warn({ position, waitedMs: Date.now() - seenAt }, 'event store: voiding a position no writer filled in time');
    await this.voidPositions([position]);
  }

  subscribeToAll(after: number, handler: (event: StoredEvent) => Promise<void>): AllSubscription {
    const subscription = pollingSubscription({
      after,
      handler,
      readAll: (position, limit) => this.readAll({ after: position, limit }),
      // Local appends wake subscribers at once; other processes' appends are found by polling.
      waitForMore: (_, emptyReads) => this.appended.wait(idlePollWaitMs(emptyReads, this.options)),
      wake: () => this.appended.notify(),
      ...(this.options.logger && { logger: this.options.logger }),
    });
    return this.subscriptions.track(subscription);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.subscriptions.stopAll();
    await Promise.all(this.gaps.values());
    await this.onClose();
  }
}

/**
 * The wait after the `emptyReads`-th read in a row that found nothing: 100 ms, then doubling up to 1 s.
 * Every projection and outbox relay of every process polls the log; ten polls a second each would be
 * most of the database's work on a quiet night. An append in this process still wakes its subscribers
 * at once, and so does a missing position being closed; another process's append is seen within a second.
 */
export function idlePollWaitMs(emptyReads: number, options: { pollIntervalMs?: number; idlePollMaxMs?: number } = {}): number {
  return cappedDoublingMs(emptyReads - 1, options.pollIntervalMs ?? 100, options.idlePollMaxMs ?? 1000);
}

function toEvent(doc: EventDocument): StoredEvent {
  return {
    id: doc.id!,
    type: doc.type!,
    schemaVersion: doc.schemaVersion ?? 1,
    occurredAt: doc.occurredAt!,
    data: doc.data,
    metadata: doc.metadata ?? {},
    streamId: doc.streamId,
    streamVersion: doc.streamVersion,
    globalPosition: doc._id,
  };
}
