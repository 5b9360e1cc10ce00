/** No slot came free in time: the caller answers 503 with Retry-After. */
export class SlotsBusyError extends Error {
  override readonly name = 'SlotsBusyError';
  constructor(
    what: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`${what}: every slot is busy`);
  }
}

export interface WorkSlotOptions {
  /** What is limited, for errors and logs ("photo decoders"). */
  name: string;
  /** How much may be in use at once in this process (decodes, or bytes of upload bodies). */
  capacity: number;
  /** Requests that may wait for room; more are refused at once. */
  queue: number;
  /** How long one waits before it is refused. */
  waitMs: number;
}

export interface WorkSlots {
  /** Runs `work` once `weight` of the capacity is free; throws SlotsBusyError when the queue is full or the wait too long. */
  run<T>(work: () => Promise<T>, weight?: number): Promise<T>;
  /** In use and waiting now, for tests. */
  load(): { used: number; waiting: number };
}

/**
 * A weighted semaphore for expensive work of this process, whoever asks for it: photo decodes (each holds
 * a large pixel buffer and a core) and the bytes of upload bodies held in memory. Waiters are served in
 * order; a short, bounded queue absorbs bursts and the rest is told to come back.
 */
export function createWorkSlots(options: WorkSlotOptions): WorkSlots {
  if (!Number.isSafeInteger(options.capacity) || options.capacity < 1) throw new Error(`${options.name}: capacity must be a whole number, at least 1`);
  let used = 0;
  const waiting: Array<{ weight: number; grant: () => void }> = [];
  const retryAfterSeconds = Math.max(1, Math.ceil(options.waitMs / 1000));
  const busy = () => new SlotsBusyError(options.name, retryAfterSeconds);

  /** Hands freed room to waiters in order (one that does not fit yet keeps the others behind it waiting). */
  const grantWaiters = () => {
    while (waiting.length > 0 && used + waiting[0]!.weight <= options.capacity) {
      const next = waiting.shift()!;
      used += next.weight;
      next.grant();
    }
  };

  const acquire = (weight: number): Promise<void> => {
    if (weight > options.capacity) return Promise.reject(busy());
    if (waiting.length === 0 && used + weight <= options.capacity) {
      used += weight;
      return Promise.resolve();
    }
    if (waiting.length >= options.queue) return Promise.reject(busy());
    return new Promise<void>((resolve, reject) => {
      const entry = { weight, grant: () => (clearTimeout(timer), resolve()) };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(entry), 1);
        reject(busy());
        // A large waiter that gave up may have held smaller ones behind it.
        grantWaiters();
      }, options.waitMs);
      waiting.push(entry);
    });
  };

  return {
    async run<T>(work: () => Promise<T>, weight = 1): Promise<T> {
      await acquire(weight);
      try {
        return await work();
      } finally {
        used -= weight;
        grantWaiters();
      }
    },
    load: () => ({ used, waiting: waiting.length }),
  };
}
