/** No decoding slot came free in time: the caller answers 503 with Retry-After. */
export class DecoderBusyError extends Error {
  override readonly name = 'DecoderBusyError';
  constructor(readonly retryAfterSeconds: number) {
    super('every photo decoder is busy');
  }
}

export interface DecodeSlotOptions {
  /** Decodes that may run at once in this process. */
  concurrency: number;
  /** Uploads that may wait for a slot; more are refused at once. */
  queue: number;
  /** How long one waits before it is refused. */
  waitMs: number;
}

export interface DecodeSlots {
  /** Runs `work` once a slot is free; throws DecoderBusyError when the queue is full or the wait too long. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Decodes running now and waiting, for tests and readiness. */
  load(): { running: number; waiting: number };
}

/**
 * A counting semaphore around image decoding: each decode holds a large pixel buffer and a core, so the
 * process decodes at most `concurrency` photos at once whoever sends them; a short, bounded queue absorbs
 * bursts and the rest is told to come back.
 */
export function createDecodeSlots(options: DecodeSlotOptions): DecodeSlots {
  if (!Number.isSafeInteger(options.concurrency) || options.concurrency < 1) throw new Error('decode concurrency must be a whole number, at least 1');
  let running = 0;
  const waiting: Array<{ grant: () => void }> = [];
  const retryAfterSeconds = Math.max(1, Math.ceil(options.waitMs / 1000));

  const release = () => {
    const next = waiting.shift();
    if (next) next.grant();
    else running--;
  };

  const acquire = (): Promise<void> => {
    if (running < options.concurrency) {
      running++;
      return Promise.resolve();
    }
    if (waiting.length >= options.queue) return Promise.reject(new DecoderBusyError(retryAfterSeconds));
    return new Promise<void>((resolve, reject) => {
      // The slot passes from the finishing decode straight to the waiter, so `running` stays as it is.
      const entry = { grant: () => (clearTimeout(timer), resolve()) };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(entry), 1);
        reject(new DecoderBusyError(retryAfterSeconds));
      }, options.waitMs);
      waiting.push(entry);
    });
  };

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await work();
      } finally {
        release();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}
