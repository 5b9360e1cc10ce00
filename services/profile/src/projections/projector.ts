import type { AllSubscription, EventStore, Logger, ReadModelStore, StoredEvent } from '@nocturne/platform';

interface CheckpointRow {
  _id: string;
  position: number;
}

async function lastStoredPosition(eventStore: EventStore, from: number): Promise<number> {
  let last = from;
  for (;;) {
    const batch = await eventStore.readAll({ after: last, limit: 1000 });
    if (batch.length === 0) return last;
    last = batch[batch.length - 1]!.globalPosition;
  }
}

/**
 * Runs projections over the event store from their checkpoint. The checkpoint lives in the read-model
 * store itself, so read models kept in memory are rebuilt from the start and persistent ones resume.
 */
export function createProjector(options: {
  name: string;
  eventStore: EventStore;
  readModels: ReadModelStore;
  project: (event: StoredEvent) => Promise<void>;
  logger: Logger;
}) {
  const checkpoints = options.readModels.collection<CheckpointRow>('projection_checkpoints');
  let position = 0;
  let subscription: AllSubscription | undefined;
  const waiters = new Set<{ until: number; resolve: () => void }>();

  const advanceTo = (reached: number) => {
    position = reached;
    for (const waiter of waiters) {
      if (waiter.until <= reached) {
        waiters.delete(waiter);
        waiter.resolve();
      }
    }
  };

  return {
    /** Starts following the store and resolves once the events already stored are projected. */
    async start(): Promise<void> {
      const saved = (await checkpoints.get(options.name))?.position ?? 0;
      position = saved;
      const caughtUp = await lastStoredPosition(options.eventStore, saved);
      subscription = options.eventStore.subscribeToAll(saved, async (event) => {
        await options.project(event);
        await checkpoints.upsert({ _id: options.name, position: event.globalPosition });
        advanceTo(event.globalPosition);
      });
      await this.waitFor(caughtUp);
      options.logger.info({ projection: options.name, position }, 'projection caught up');
    },
    /** Resolves when the events up to `target` are in the read models (read-your-writes after a command). */
    waitFor(target: number, timeoutMs = 10_000): Promise<void> {
      if (target <= position) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const waiter = {
          until: target,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`projection ${options.name} did not reach position ${target} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    get position() {
      return position;
    },
    running: () => subscription !== undefined,
    async stop(): Promise<void> {
      await subscription?.stop();
      subscription = undefined;
    },
  };
}
export type Projector = ReturnType<typeof createProjector>;
