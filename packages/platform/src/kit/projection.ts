import type { CheckpointStore } from '../ports';
import type { Logger } from '../logging';
import type { AllSubscription, EventStore, ReadModelCollection, ReadModelDocument, StoredEvent } from '../ports';
import { ageSeconds, projectionLag, projectionPosition } from '../telemetry/metrics';
import { contextOfTraceparent, inSpan } from '../telemetry/tracing';
import { checkpointBehind, type CheckpointBehind } from './checkpointBehind';

export interface Projection {
  readonly name: string;
  /** Projects what is stored after the checkpoint, then follows new events; resolves once caught up. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Read-your-writes after a command: resolves `true` once the events up to `position` are projected,
   * or `false` after `timeoutMs` (logged), so the caller answers from the command's own result instead
   * of failing a write that was kept.
   */
  waitFor(position: number, timeoutMs?: number): Promise<boolean>;
  /** The global position of the last projected event. */
  readonly position: number;
  /** True once `start` has projected everything that was stored when it began. */
  caughtUp(): boolean;
}

export interface ProjectionOptions {
  /** Names the checkpoint (`projection:<name>`). */
  name: string;
  /**
   * Raise it when `apply` starts writing something for events that were already projected (a new field
   * kept from an old event): the projection then starts again from the first event under a checkpoint of
   * its own (`projection:<name>@<revision>`), so documents written by the earlier code get what the new
   * code writes. Replaying is safe because `apply` is idempotent; documents stay readable meanwhile.
   */
  revision?: number;
  eventStore: EventStore;
  /** Must live where the read models live (`Adapters.projectionCheckpoints`): in memory next to in-memory read models. */
  checkpoints: CheckpointStore;
  /** Applies one event to the read models; must be idempotent (see `versionedRows`). */
  apply: (event: StoredEvent) => Promise<void>;
  logger: Logger;
  /** Default for `waitFor` (5 s). */
  waitTimeoutMs?: number;
  /** The checkpoint is saved at most this often while events are applied (default 250 ms), and at the stop. */
  checkpointEveryMs?: number;
}

/**
 * The one projection runner: events in global order from the checkpoint, the checkpoint saved behind the
 * work (at most every `checkpointEveryMs`, and at the stop: `checkpointBehind`), not after each event: on
 * MongoDB that was one more write per event, two for a swipe. Delivery is at least once (a crash repeats
 * what was applied since the last save), so `apply` guards by stream version: `versionedRows` does that for
 * documents kept per stream.
 */
export function createProjection(options: ProjectionOptions): Projection {
  const { name, eventStore, checkpoints, logger } = options;
  const revision = options.revision ?? 1;
  const checkpointName = revision === 1 ? `projection:${name}` : `projection:${name}@${revision}`;
  let position = 0;
  let caughtUp = false;
  let subscription: AllSubscription | undefined;
  let checkpoint: CheckpointBehind | undefined;
  const waiters = new Set<{ until: number; done: (reached: boolean) => void }>();

  const advanceTo = (reached: number) => {
    position = reached;
    for (const waiter of waiters) if (waiter.until <= reached) waiter.done(true);
  };

  let inFlight: StoredEvent | undefined;
  const handle = async (event: StoredEvent) => {
    if (event.globalPosition <= position) return;
    inFlight = event;
    // Live events get a span in the trace of the request that stored them; a rebuild at start does not
    // add thousands of spans to old traces.
    if (caughtUp) await inSpan(`project ${name}`, { parent: contextOfTraceparent(event.metadata?.traceparent), attributes: { 'nocturne.projection': name, 'nocturne.event.type': event.type } }, () => options.apply(event));
    else await options.apply(event);
    checkpoint?.advanced(event.globalPosition);
    inFlight = undefined;
    advanceTo(event.globalPosition);
  };
  let unregister: Array<() => void> = [];

  const lastStored = async (from: number) => {
    let last = from;
    for (;;) {
      const batch = await eventStore.readAll({ after: last, limit: 1000 });
      if (batch.length === 0) return last;
      last = batch[batch.length - 1]!.globalPosition;
    }
  };

  const projection: Projection = {
    name,
    async start() {
      if (subscription) throw new Error(`projection ${name} is already started`);
      position = await checkpoints.load(checkpointName);
      checkpoint = checkpointBehind({
        from: position,
        save: (reached) => checkpoints.save(checkpointName, reached),
        ...(options.checkpointEveryMs !== undefined && { everyMs: options.checkpointEveryMs }),
        onSaveFailed: (error, reached) => logger.warn({ err: error, projection: name, position: reached }, 'projection: checkpoint save failed; projecting goes on, and what was applied since is applied again after a restart'),
        onSaveRecovered: (reached) => logger.info({ projection: name, position: reached }, 'projection: checkpoint saved again'),
      });
      const target = await lastStored(position);
      unregister = [
        projectionLag.add({ read: () => [{ labels: { projection: name }, value: inFlight ? ageSeconds(inFlight.occurredAt) : 0 }] }),
        projectionPosition.add({ read: () => [{ labels: { projection: name }, value: position }] }),
      ];
      subscription = eventStore.subscribeToAll(position, handle);
      if (!(await projection.waitFor(target, Number.POSITIVE_INFINITY))) throw new Error(`projection ${name} stopped before catching up`);
      caughtUp = true;
      logger.info({ projection: name, position }, 'projection caught up');
    },
    async stop() {
      for (const remove of unregister.splice(0)) remove();
      await subscription?.stop();
      subscription = undefined;
      await checkpoint?.stop();
      checkpoint = undefined;
      for (const waiter of waiters) waiter.done(false);
    },
    waitFor(target, timeoutMs = options.waitTimeoutMs ?? 5_000) {
      if (target <= position) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = Number.isFinite(timeoutMs)
          ? setTimeout(() => {
              logger.warn({ projection: name, target, position }, 'projection lags behind; answering without waiting');
              waiter.done(false);
            }, timeoutMs)
          : undefined;
        const waiter = {
          until: target,
          done: (reached: boolean) => {
            if (!waiters.delete(waiter)) return;
            clearTimeout(timer);
            resolve(reached);
          },
        };
        waiters.add(waiter);
      });
    },
    get position() {
      return position;
    },
    caughtUp: () => caughtUp,
  };
  return projection;
}

/** A read-model document kept per event stream: the stream version it reflects, and whether it is erased. */
export interface VersionedRow extends ReadModelDocument {
  version: number;
  /** A tombstone: the stream ended in an erasure; it keeps only its id and version, so no replay revives it. */
  erased?: true;
}

export const ERASE = Symbol('erase');

/**
 * The idempotence rule of every projection, for documents kept per stream: an event whose stream
 * version is not newer than the document's changes nothing, and an erasure leaves a tombstone (no
 * personal data) instead of removing the document, so replaying the stream from the start ends
 * exactly where the first run ended.
 */
export function versionedRows<T extends VersionedRow>(collection: ReadModelCollection<T>) {
  return {
    /** The live document, or null for a missing or erased one. */
    async get(id: string): Promise<T | null> {
      const row = await collection.get(id);
      return row && !row.erased ? row : null;
    },
    /**
     * Applies one event that sets the whole document whatever it was before (`apply` with a `change` that
     * ignores the current document), in one write instead of a read and a write.
     */
    put(id: string, version: number, doc: Omit<T, 'version' | '_id'>): Promise<boolean> {
      return collection.upsertNewer({ ...doc, _id: id, version } as T & { version: number });
    },
    /**
     * Applies one event of the document's stream: `change` sees the live document (null when missing
     * or erased) and returns the next one (without `version`), `ERASE`, or undefined for no change
     * (the version still advances). Answers false when the event was not newer than the document (so
     * whatever the caller derives from it is skipped too).
     */
    async apply(id: string, version: number, change: (current: T | null) => Omit<T, 'version' | '_id'> | typeof ERASE | undefined): Promise<boolean> {
      const stored = await collection.get(id);
      if (stored && stored.version >= version) return false;
      const next = change(stored && !stored.erased ? stored : null);
      if (next === ERASE) await collection.upsert({ _id: id, version, erased: true } as T);
      else if (next === undefined) {
        if (stored) await collection.update(id, { version } as Partial<Omit<T, '_id'>>);
      } else await collection.upsert({ ...next, _id: id, version } as T);
      return true;
    },
  };
}
