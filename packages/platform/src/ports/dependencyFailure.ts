/** What a request needs from outside its process: where an outage or a timeout comes from. */
export type Dependency = 'redis' | 'database' | 'subgraph';

/**
 * A dependency is away (connection refused, closed, not ready): the request cannot be served now and
 * nothing was changed by it. Answers 503 with Retry-After (code UNAVAILABLE), never 500.
 */
export class DependencyUnavailable extends Error {
  override readonly name = 'DependencyUnavailable';

  constructor(
    readonly dependency: Dependency,
    readonly retryAfterSeconds = 5,
    options?: { cause?: unknown },
  ) {
    super(`${dependency} is unavailable`, options);
  }
}

/**
 * A dependency did not answer in time: the request may or may not have taken effect. Answers 504 (code
 * TIMEOUT), never 500.
 */
export class DependencyTimeout extends Error {
  override readonly name = 'DependencyTimeout';

  constructor(
    readonly dependency: Dependency,
    readonly afterMs: number,
    options?: { cause?: unknown },
  ) {
    super(`${dependency} did not answer within ${afterMs} ms`, options);
  }
}

export type DependencyFailure = DependencyUnavailable | DependencyTimeout;

// The MongoDB driver's errors for a server that is away or slow, by name: the mapping stays in one place
// without importing the driver here.
const MONGO_UNAVAILABLE = new Set(['MongoNetworkError', 'MongoServerSelectionError', 'MongoNotConnectedError', 'MongoTopologyClosedError', 'PoolClearedError', 'PoolClearedOnNetworkError']);
const MONGO_TIMEOUT = new Set(['MongoNetworkTimeoutError', 'MongoOperationTimeoutError', 'WaitQueueTimeoutError']);

/**
 * The dependency failure behind an error, if it is one: our typed errors (also as a `cause`), and the
 * database driver's network errors. Anything else is a bug, left alone.
 */
export function dependencyFailureOf(error: unknown): DependencyFailure | undefined {
  let current: unknown = error;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    if (current instanceof DependencyUnavailable || current instanceof DependencyTimeout) return current;
    const { name, cause } = current as { name?: unknown; cause?: unknown };
    if (typeof name === 'string' && MONGO_TIMEOUT.has(name)) return new DependencyTimeout('database', 0, { cause: current });
    if (typeof name === 'string' && MONGO_UNAVAILABLE.has(name)) return new DependencyUnavailable('database', 5, { cause: current });
    current = cause;
  }
  return undefined;
}
