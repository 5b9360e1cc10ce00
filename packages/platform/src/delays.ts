/**
 * `firstMs` doubled `step` times, at most `maxMs`: the waits of retries, restarts and idle polls
 * (step 0 is the first wait).
 */
export function cappedDoublingMs(step: number, firstMs: number, maxMs: number): number {
  return Math.min(maxMs, firstMs * 2 ** Math.min(Math.max(step, 0), 30));
}
