import { mongo } from 'mongoose';
import { cappedDoublingMs } from '../delays';
import { assertStreamAppends, pollingSubscription, SubscriptionSet, toStored } from '../eventStoreShared';
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
  type StreamAppend,
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
  /**
   * In a write to several streams: the write's first position, whose event commits the write. The other
   * events of the write count only once it holds an event; a void marker there makes them void too.
   */
  commit?: number;
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
/** How many streams' versions a store keeps in mind (see `MongoEventStore.seenVersions`). */
const SEEN_VERSIONS_KEPT = 10_000;
const voidMarker = (position: number): EventDocument => ({ _id: position, streamId: VOID_STREAM, streamVersion: position, void: true });
/** An event as stored at `position`, version `streamVersion` of its stream. */
function documentOf(event: NewEvent, streamId: string, streamVersion: number, position: number): EventDocument {
  const { streamId: _s, streamVersion: _v, globalPosition: _g, ...rest } = toStored(event, streamId, streamVersion, position);
  return { _id: position, streamId, streamVersion, ...rest };
}
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
 *
 * A write to several streams (`appendToStreams`) takes consecutive positions and inserts its events in one
 * `insertMany`, the highest position first, each naming the write's first position (`commit`). That one is
 * inserted last: readers of the log stop at it until it is there, and reads of a stream count an event of
 * the write only once it is. Should the insert stop part way (a stream's version was taken meanwhile, or a
 * reader voided the first position of a writer slower than `gapTimeoutMs`), the writer turns what it
 * inserted into void markers; should it die first, a reader voids the first position after `gapTimeoutMs`,
 * which voids the whole write, and the next writer of one of its streams turns the dead event that holds
 * its version into a void marker. So a write is seen whole or not at all, with no transaction.
 */
export class MongoEventStore implements EventStore {
  private readonly events: mongo.Collection<EventDocument>;
  private readonly counters: mongo.Collection<{ _id: string; value: number }>;
  /** The missing positions this process watches, each until it holds an event or a void marker. */
  private readonly gaps = new Map<number, Promise<void>>();
  private closed = false;
  private readonly appended = new Signal();
  /** How many times `appended` was notified (see `pollingSubscription`'s `wakeCount`). */
  private wakes = 0;
  /**
   * Subscriptions' reads of the log under way, by position, size and wake: the subscribers an append wakes
   * together at one position (a service's projection and its relay, both caught up) share one read.
   */
  private readonly readsUnderWay = new Map<string, Promise<StoredEvent[]>>();
  private readonly subscriptions = new SubscriptionSet();
  private readonly gapTimeoutMs: number;
  /**
   * The last version this store saw count in each stream, by its own reads and writes (the most recently
   * used streams). An event that counts never stops counting, so a stream is never behind a version seen
   * here: an append that expects exactly that version needs no read of the stream's version before its
   * insert (a writer that got there first is caught by the unique index). A command reads its stream and
   * then appends to it, so its append costs one round trip less, two for a swipe's two streams.
   */
  private readonly seenVersions = new Map<string, number>();

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

  private wakeSubscribers(): void {
    this.wakes++;
    this.appended.notify();
  }

  private noteVersion(streamId: string, version: number): void {
    const seen = this.seenVersions.get(streamId);
    if (seen !== undefined && seen >= version) return;
    // Kept in order of use: the first key is the one left longest alone.
    this.seenVersions.delete(streamId);
    this.seenVersions.set(streamId, version);
    if (this.seenVersions.size > SEEN_VERSIONS_KEPT) this.seenVersions.delete(this.seenVersions.keys().next().value!);
  }

  /**
   * The version an append's check starts from: none is read for a stream expected to be new (its first
   * version is free, or the insert says who holds it), nor for one expected at the version last seen here.
   */
  private versionBefore({ streamId, expectedVersion }: StreamAppend): number | Promise<number> {
    if (expectedVersion === 0) return 0;
    if (expectedVersion !== 'any' && this.seenVersions.get(streamId) === expectedVersion) return expectedVersion;
    return this.currentVersion(streamId);
  }

  /** The stream's version: its last event that counts (an event of an unfinished or void write does not). */
  private async currentVersion(streamId: string): Promise<number> {
    const top = await this.events.find({ streamId }, { sort: { streamVersion: -1 }, projection: { streamVersion: 1, commit: 1 }, limit: 4 }).toArray();
    const counts = await this.committedWrites(top);
    const last = top.find(counts);
    if (last) this.noteVersion(streamId, last.streamVersion);
    if (last || top.length < 4) return last?.streamVersion ?? 0;
    const all = await this.readStream(streamId);
    return all.at(-1)?.streamVersion ?? 0;
  }

  /**
   * Which of `docs` count: each one not written with others, or whose write's first position holds an
   * event (not yet there: the write is under way; a void marker: the write failed or its writer died).
   */
  private async committedWrites(docs: readonly Pick<EventDocument, '_id' | 'commit'>[]): Promise<(doc: Pick<EventDocument, '_id' | 'commit'>) => boolean> {
    const commits = [...new Set(docs.filter((doc) => doc.commit !== undefined && doc.commit !== doc._id).map((doc) => doc.commit!))];
    if (commits.length === 0) return () => true;
    const firsts = await this.events.find({ _id: { $in: commits } }, { projection: { _id: 1, void: 1 } }).toArray();
    const committed = new Set(firsts.filter((doc) => !doc.void).map((doc) => doc._id));
    return (doc) => doc.commit === undefined || doc.commit === doc._id || committed.has(doc.commit);
  }

  /**
   * A writer found its stream version held by `holder`. If that is an event of a write to several streams
   * that will never count (its first position holds a void marker, or nothing after `gapTimeoutMs`), it
   * becomes a void marker and the version is free again: true. False when it counts or is still under way.
   */
  private async freeVersionHeldBy(holder: Pick<EventDocument, '_id' | 'commit'>): Promise<boolean> {
    if (holder.commit === undefined || holder.commit === holder._id) return false;
    let first = await this.events.findOne({ _id: holder.commit }, { projection: { _id: 1, void: 1 } });
    if (!first) {
      this.watchGap(holder.commit);
      await this.gaps.get(holder.commit);
      first = await this.events.findOne({ _id: holder.commit }, { projection: { _id: 1, void: 1 } });
    }
    if (!first?.void) return false;
    await this.events.replaceOne({ _id: holder._id, commit: holder.commit }, voidMarker(holder._id));
    return true;
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
        positions.map(voidMarker),
        { ordered: false },
      );
    } catch (error) {
      if (!isDuplicateKey(error) && !(error instanceof mongo.MongoBulkWriteError)) throw error;
    }
  }

  async append(streamId: string, events: readonly NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    return (await this.appendToStreams([{ streamId, events, expectedVersion: options.expectedVersion }]))[0]!;
  }

  async appendToStreams(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    assertStreamAppends(appends);
    if (appends.some(({ streamId }) => streamId === VOID_STREAM)) throw new Error(`stream id ${VOID_STREAM} is reserved`);
    for (let attempt = 0; ; attempt++) {
      const currents = await Promise.all(appends.map((part) => this.versionBefore(part)));
      const conflicting = appends.findIndex(({ expectedVersion }, i) => expectedVersion !== 'any' && expectedVersion !== currents[i]);
      if (conflicting !== -1) throw new WrongExpectedVersionError(appends[conflicting]!.streamId, appends[conflicting]!.expectedVersion, currents[conflicting]!);
      const parts = appends.map((part, i) => ({ ...part, expected: currents[i]! }));
      const writing = parts.filter(({ events }) => events.length > 0);
      const result = writing.length === 0 ? [] : writing.length === 1 ? await this.insertAt(writing[0]!.streamId, writing[0]!.events, writing[0]!.expected) : await this.insertTogether(writing);
      if (result) {
        for (const [i, { streamId }] of writing.entries()) this.noteVersion(streamId, result[i]!.nextExpectedVersion);
        if (writing.length > 0) this.wakeSubscribers();
        const byStream = new Map(writing.map(({ streamId }, i) => [streamId, result[i]!]));
        return parts.map(({ streamId, expected }) => byStream.get(streamId) ?? { nextExpectedVersion: expected, lastGlobalPosition: 0 });
      }
      // Someone else wrote one of the versions first: a conflict, unless any version will do.
      if (appends.some(({ expectedVersion }) => expectedVersion !== 'any') || attempt >= 20) {
        const actuals = await Promise.all(appends.map(({ streamId }) => this.currentVersion(streamId)));
        const moved = Math.max(0, actuals.findIndex((actual, i) => actual !== currents[i]));
        throw new WrongExpectedVersionError(appends[moved]!.streamId, appends[moved]!.expectedVersion, actuals[moved]!);
      }
    }
  }

  /** Inserts `docs` in their order, up to the first whose position or stream version is taken: how many went in. */
  private async insertInOrder(docs: readonly EventDocument[]): Promise<number> {
    try {
      await this.events.insertMany(docs as EventDocument[], { ordered: true });
      return docs.length;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      return (error as { insertedCount?: number }).insertedCount ?? 0;
    }
  }

  /**
   * Inserts the events of several streams as one write (see the class comment); null when another writer
   * holds one of the stream versions.
   */
  private async insertTogether(parts: ReadonlyArray<{ streamId: string; events: readonly NewEvent[]; expected: number }>): Promise<AppendResult[] | null> {
    const count = parts.reduce((total, { events }) => total + events.length, 0);
    for (;;) {
      const first = await this.allocate(count);
      const docs: EventDocument[] = [];
      const results = parts.map(({ streamId, events, expected }) => {
        for (const [index, event] of events.entries()) docs.push({ ...documentOf(event, streamId, expected + index + 1, first + docs.length), commit: first });
        return { nextExpectedVersion: expected + events.length, lastGlobalPosition: first + docs.length - 1 };
      });
      const highestFirst = [...docs].reverse();
      const inserted = await this.insertInOrder(highestFirst);
      if (inserted === docs.length) return results;
      // What was inserted never counts (its first position is missing): void it, and every other position.
      if (inserted > 0) await this.events.bulkWrite(highestFirst.slice(0, inserted).map((doc) => ({ replaceOne: { filter: { _id: doc._id, commit: first }, replacement: voidMarker(doc._id) } })));
      await this.voidPositions(highestFirst.slice(inserted).map((doc) => doc._id));
      const blocked = highestFirst[inserted]!;
      const holder = await this.events.findOne({ streamId: blocked.streamId, streamVersion: blocked.streamVersion }, { projection: { _id: 1, commit: 1 } });
      if (holder && holder._id !== blocked._id) {
        if (await this.freeVersionHeldBy(holder)) continue;
        return null;
      }
      // A reader voided one of our positions while we were slow: the write again, at new positions.
      this.options.logger?.warn({ position: blocked._id, gapTimeoutMs: this.gapTimeoutMs }, 'event store: a reader voided a position of this write before it landed; writing it at new positions');
    }
  }

  /** Inserts the events after `expected`; null when another writer holds one of the stream versions. */
  private async insertAt(streamId: string, events: readonly NewEvent[], expected: number): Promise<AppendResult[] | null> {
    let pending = events.map((event, index) => ({ event, streamVersion: expected + index + 1 }));
    for (;;) {
      const first = await this.allocate(pending.length);
      const docs = pending.map(({ event, streamVersion }, index) => documentOf(event, streamId, streamVersion, first + index));
      const inserted = await this.insertInOrder(docs);
      if (inserted === docs.length) return [{ nextExpectedVersion: expected + events.length, lastGlobalPosition: docs[docs.length - 1]!._id }];
      const blocked = docs[inserted]!;
      const holder = await this.events.findOne({ streamId, streamVersion: blocked.streamVersion }, { projection: { _id: 1, commit: 1 } });
      if (holder && inserted === 0 && (await this.freeVersionHeldBy(holder))) {
        // The version was held by an event of a write that never counted: now free, so again.
        await this.voidPositions(docs.map((doc) => doc._id));
        continue;
      }
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
    const counts = await this.committedWrites(docs);
    const events = docs.filter(counts).map(toEvent);
    if (events.length > 0) this.noteVersion(streamId, events.at(-1)!.streamVersion);
    return events;
  }

  /** The gap-free prefix after `after`: see the class comment. */
  async readAll(options: ReadAllOptions): Promise<StoredEvent[]> {
    const result: StoredEvent[] = [];
    /** Whether the first position of a write to several streams holds an event, for the positions passed. */
    const committed = new Map<number, boolean>();
    let next = options.after + 1;
    while (result.length < options.limit) {
      const asked = Math.max(16, options.limit - result.length);
      const docs = await this.events.find({ _id: { $gte: next } }).sort({ _id: 1 }).limit(asked).toArray();
      if (docs.length === 0) break;
      let blocked = false;
      for (const doc of docs) {
        if (doc._id !== next) {
          blocked = true;
          break;
        }
        if (doc.void || doc.commit === doc._id) committed.set(doc._id, !doc.void);
        let counts = !doc.void;
        if (counts && doc.commit !== undefined && doc.commit !== doc._id) {
          let first = committed.get(doc.commit);
          if (first === undefined) committed.set(doc.commit, (first = await this.holdsEvent(doc.commit)));
          counts = first;
        }
        if (counts) result.push(toEvent(doc));
        next++;
        if (result.length >= options.limit) break;
      }
      if (blocked) {
        this.watchGap(next);
        break;
      }
      // Fewer than asked: that was the end of the log (a read for more would find nothing).
      if (docs.length < asked) break;
    }
    return result;
  }

  /** Whether a position already passed holds an event (a read that starts inside a write to several streams). */
  private async holdsEvent(position: number): Promise<boolean> {
    const doc = await this.events.findOne({ _id: position }, { projection: { _id: 1, void: 1 } });
    return doc !== null && !doc.void;
  }

  /** Starts watching a missing position (once per process); subscribers are woken when it is closed. */
  private watchGap(position: number): void {
    if (this.gaps.has(position) || this.closed) return;
    const watch = this.closeGap(position)
      .catch((error: unknown) => this.options.logger?.warn({ err: error, position }, 'event store: watching a missing position failed'))
      .finally(() => {
        this.gaps.delete(position);
        this.wakeSubscribers();
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
      readAll: (position, limit) => this.sharedRead(position, limit),
      // Local appends wake subscribers at once; other processes' appends are found by polling.
      waitForMore: (_, emptyReads) => this.appended.wait(idlePollWaitMs(emptyReads, this.options)),
      wake: () => this.appended.notify(),
      wakeCount: () => this.wakes,
      ...(this.options.logger && { logger: this.options.logger }),
    });
    return this.subscriptions.track(subscription);
  }

  /** `readAll` for a subscription, shared with the others asking for the same at the same wake (see `readsUnderWay`). */
  private sharedRead(after: number, limit: number): Promise<StoredEvent[]> {
    const key = `${after}:${limit}:${this.wakes}`;
    let read = this.readsUnderWay.get(key);
    if (!read) {
      read = this.readAll({ after, limit }).finally(() => this.readsUnderWay.delete(key));
      this.readsUnderWay.set(key, read);
    }
    return read;
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
