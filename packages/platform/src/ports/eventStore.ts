/** Metadata carried by every event: who caused it and how it relates to others. */
export interface EventMetadata {
  correlationId?: string;
  causationId?: string;
  /** W3C trace context of the request that produced the event. */
  traceparent?: string;
  /** The signed-in user who issued the command, when there was one. */
  actorId?: number;
  /** Never stored: set on read when the event's personal fields are erased (see `privacy/`). */
  personalDataErased?: true;
}

/** An event as a decider produces it: ids and time come in from outside (never generated inside the domain). */
export interface NewEvent<TType extends string = string, TData = unknown> {
  id: string;
  type: TType;
  /** Schema version of `data` for this type. */
  schemaVersion?: number;
  occurredAt: string;
  data: TData;
  metadata?: EventMetadata;
}

/** An event as stored: position in its stream (1-based) and in the whole store (monotonic, 1-based). */
export interface StoredEvent<TType extends string = string, TData = unknown> extends NewEvent<TType, TData> {
  streamId: string;
  streamVersion: number;
  globalPosition: number;
  schemaVersion: number;
}

/**
 * `expectedVersion` is the stream's current version (the number of events in it): 0 for a stream that
 * must not exist yet, `'any'` to skip the check.
 */
export type ExpectedVersion = number | 'any';

export interface AppendResult {
  /** The stream's version after the append: pass it as the next expectedVersion. */
  nextExpectedVersion: number;
  lastGlobalPosition: number;
}

export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`stream ${streamId}: expected version ${String(expected)}, actual ${actual}`);
  }
}

export interface ReadAllOptions {
  /** Read events with globalPosition strictly greater than this (0 for everything). */
  after: number;
  limit: number;
}

export interface AllSubscription {
  stop(): Promise<void>;
}

/** One stream's part of a write to several streams (`EventStore.appendToStreams`). */
export interface StreamAppend {
  streamId: string;
  events: readonly NewEvent[];
  expectedVersion: ExpectedVersion;
}

export interface EventStore {
  append(streamId: string, events: readonly NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult>;
  /**
   * One write to several distinct streams, all or nothing: every stream's expected version is checked, and
   * either every event is stored (at consecutive global positions, in the order given) or none is, and no
   * reader ever sees part of it. A conflict on any stream raises WrongExpectedVersionError for that stream.
   * Answers each stream's result in the order given. `append` is this with one stream. The events are the
   * store's until the write settles (the caller changes none of them meanwhile); what the caller changes
   * afterwards, or in what a read answered, is not stored.
   */
  appendToStreams(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  /** The stream's events in order; an empty array when the stream does not exist. */
  readStream(streamId: string, options?: { fromVersion?: number }): Promise<StoredEvent[]>;
  readAll(options: ReadAllOptions): Promise<StoredEvent[]>;
  /**
   * Delivers every event after `after` in global order, first the stored ones, then new ones as they are
   * appended. The handler is awaited before the next event is delivered.
   */
  subscribeToAll(after: number, handler: (event: StoredEvent) => Promise<void>): AllSubscription;
  close(): Promise<void>;
}
