/**
 * kafkajs 2.2.4 (its last release) spins on every broker connection once it has had an answer: with no
 * request waiting and no throttle, `RequestQueue.scheduleCheckPendingRequests` sets a timeout of
 * `throttledUntil - Date.now()` (about minus the epoch: Node makes it 1 ms, and Node 24 warns
 * `TimeoutNegativeWarning`), whose callback schedules the next one. Measured here: about 30 ms of CPU a
 * second in each idle service process (a tenth of a core for the four), and the same on every busy one
 * (upstream: tulios/kafkajs#1704, #1556, #1751; the fixes there are not released).
 *
 * The method below is kafkajs's own with the one change those threads propose: when nothing waits and
 * nothing is throttled there is nothing to check, so nothing is scheduled (a request that has to wait
 * schedules a check when it is queued, and each answer checks the queue). It is installed once, when this
 * module is loaded, before any client exists.
 */
import { createRequire } from 'node:module';

/** kafkajs's interval for a check while requests wait (its `CHECK_PENDING_REQUESTS_INTERVAL`). */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

interface RequestQueueInternals {
  throttledUntil: number;
  throttleCheckTimeoutId: ReturnType<typeof setTimeout> | null;
  pending: unknown[];
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

/** kafkajs's `RequestQueue` class: not its public API, at its path in 2.2.4 (the version package.json pins). */
export const kafkajsRequestQueue = createRequire(require.resolve('kafkajs'))('./src/network/requestQueue/index.js') as { prototype: RequestQueueInternals };
if (typeof kafkajsRequestQueue.prototype.scheduleCheckPendingRequests !== 'function') throw new Error('kafkajs: RequestQueue.scheduleCheckPendingRequests is gone; see idleRequestQueue.ts');

function scheduleCheckPendingRequests(this: RequestQueueInternals): void {
  if (this.throttleCheckTimeoutId) return;
  let scheduleAt = this.throttledUntil - Date.now();
  if (this.pending.length > 0) scheduleAt = scheduleAt > 0 ? scheduleAt : CHECK_PENDING_REQUESTS_INTERVAL_MS;
  else if (scheduleAt <= 0) return;
  this.throttleCheckTimeoutId = setTimeout(() => {
    this.throttleCheckTimeoutId = null;
    this.checkPendingRequests();
  }, scheduleAt);
}

kafkajsRequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
