import type { Logger } from '../logging';
import type { ServiceWriter } from './serviceLifecycle';

/**
 * Work that falls due as time passes (a deadline recorded in events), found again each round in the
 * service's own durable state rather than held in timers: nothing is lost when a process stops, and a
 * restart finds whatever came due meanwhile. `run` decides through the aggregate, so running an item
 * twice (two instances, a round repeated after a failure) changes nothing the second time.
 */
export interface DueWork<T> {
  /** For logs. */
  name: string;
  /** Up to `limit` items due at `now`, typically a read model queried by its deadline. */
  due(now: Date, limit: number): Promise<readonly T[]>;
  run(item: T, now: Date): Promise<void>;
}

export interface DueWorkRunnerOptions {
  /** The service's clock: what "due" is measured against (tests pass their own). */
  clock: () => Date;
  /** Real time between rounds: how late an item may run. */
  everyMs: number;
  /** Items per query; a full batch is followed at once by another round. */
  batch?: number;
  logger: Pick<Logger, 'warn' | 'error'>;
}

/** A service writer (`parts.writers`): it starts after the projections and stops before the relay's final flush. */
export interface DueWorkRunner extends ServiceWriter {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** One round now: answers how many items ran without failing. */
  runDue(): Promise<number>;
}

export function createDueWorkRunner<T>(work: DueWork<T>, { clock, everyMs, batch = 100, logger }: DueWorkRunnerOptions): DueWorkRunner {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  /** Set by `stop`: a round under way finishes the item in hand and goes no further. */
  let stopping = false;
  let round: Promise<number> = Promise.resolve(0);

  async function oneRound(): Promise<number> {
    let done = 0;
    for (;;) {
      const now = clock();
      const items = await work.due(now, batch);
      let failed = 0;
      for (const item of items) {
        if (stopping) break;
        try {
          await work.run(item, now);
          done++;
        } catch (error) {
          // Still due: the next round tries again.
          failed++;
          logger.warn({ err: error, work: work.name }, 'due work failed; it is tried again next round');
        }
      }
      // A full batch that made progress may hide more behind it; one that only failed waits for the next round.
      if (items.length < batch || failed === items.length || stopping) return done;
    }
  }

  const runDue = () => {
    round = round.then(oneRound, oneRound).catch((error: unknown) => {
      logger.error({ err: error, work: work.name }, 'finding due work failed');
      return 0;
    });
    return round;
  };

  const schedule = () => {
    if (!running) return;
    timer = setTimeout(() => {
      timer = undefined;
      void runDue().finally(schedule);
    }, everyMs);
    timer.unref();
  };

  return {
    async start() {
      if (running) return;
      running = true;
      stopping = false;
      // Whatever came due while no process ran goes first.
      void runDue().finally(schedule);
    },
    async stop() {
      running = false;
      stopping = true;
      clearTimeout(timer);
      timer = undefined;
      await round;
    },
    runDue,
  };
}
