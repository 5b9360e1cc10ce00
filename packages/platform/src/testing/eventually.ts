export interface EventuallyOptions {
  /** Give up after this long (default 5000 ms) and rethrow the last failure. */
  timeoutMs?: number;
  /** Pause between attempts (default 10 ms). */
  intervalMs?: number;
}

/**
 * Retries `fn` until it stops throwing (an `expect` inside it passes) and answers its result. For
 * asynchronous outcomes: wait for the condition, never for a fixed time.
 */
export async function eventually<T>(fn: () => T | Promise<T>, options: EventuallyOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const intervalMs = options.intervalMs ?? 10;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      if (Date.now() >= deadline) {
        if (error instanceof Error) error.message = `still failing after ${timeoutMs} ms: ${error.message}`;
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}

/** A short random suffix, so that tests against shared servers never see each other's data. */
export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
