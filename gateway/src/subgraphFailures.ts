import { GraphQLError } from 'graphql';
import { dependencyErrorExtensions, publicDependencyError, type InProcessSubgraph } from '@nocturne/platform/http';
import type { Logger } from '@nocturne/platform/logging';
import { DependencyTimeout, DependencyUnavailable } from '@nocturne/platform/ports';
import { SignedDataSource } from './signedDataSource';

/** A subgraph call without an answer after this long fails with TIMEOUT (504). */
export const DEFAULT_SUBGRAPH_TIMEOUT_MS = 30_000;

/** Seconds a caller waits before trying again when a subgraph process is away (a restart takes a few). */
const SUBGRAPH_RETRY_AFTER_SECONDS = 5;

/**
 * Socket errors (node:http's and undici's) for a subgraph that is not there to answer: nothing listening
 * (stopped, restarting), the connection reset or closed before an answer, its name or address not
 * reachable (a container that is gone).
 */
const CONNECTION_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * A subgraph call that failed below GraphQL (no answer, or none in time), as the dependency failure it is;
 * undefined for an answer the subgraph did give (its errors pass as they are).
 */
export function subgraphFailureOf(error: unknown, timeoutMs: number): DependencyUnavailable | DependencyTimeout | undefined {
  // By name, not class: fetch's errors come from Node's own realm (a test sandbox has other classes).
  if (error instanceof GraphQLError || typeof error !== 'object' || error === null) return undefined;
  const { name, message, code } = error as { name?: unknown; message?: unknown; code?: unknown };
  if (name === 'TimeoutError' || name === 'AbortError') return new DependencyTimeout('subgraph', timeoutMs, { cause: error });
  // Node's fetch: "fetch failed" with the socket's error (refused, reset, closed) as its cause.
  if (name === 'TypeError' && message === 'fetch failed') return new DependencyUnavailable('subgraph', SUBGRAPH_RETRY_AFTER_SECONDS, { cause: error });
  // undici's request (subgraph calls) and node:http (the media proxy): the socket's error itself.
  if (typeof code === 'string' && CONNECTION_FAILURES.has(code)) return new DependencyUnavailable('subgraph', SUBGRAPH_RETRY_AFTER_SECONDS, { cause: error });
  return undefined;
}

/**
 * A dependency's failure (a subgraph, the session store) as the log records it: what happened, without the
 * stack (an infrastructure fault, not a bug to trace through the code).
 */
export const failureLogFields = (error: Error) => ({ name: error.name, message: error.message, cause: String((error as { cause?: unknown }).cause ?? '') });

/**
 * The signed data source with a bound on each call and honest failures: a subgraph that is down answers
 * UNAVAILABLE (503 and Retry-After over REST), one that does not answer in time TIMEOUT (504), not a
 * generic internal error.
 */
export class SubgraphDataSource extends SignedDataSource {
  constructor(
    url: string,
    private readonly name: string,
    internalSecret: string,
    private readonly log: Logger,
    private readonly timeoutMs: number = DEFAULT_SUBGRAPH_TIMEOUT_MS,
    inProcess?: InProcessSubgraph,
  ) {
    super(url, name, internalSecret, log, inProcess);
    const signed = this.fetcher;
    // A timer cleared with the call, not `AbortSignal.timeout`: its timer lived the whole 30 s after every
    // call, long enough to be left to a major garbage collection.
    this.fetcher = async (input, init) => {
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(new DOMException(`The subgraph did not answer within ${this.timeoutMs} ms`, 'TimeoutError')), this.timeoutMs);
      const signal = init?.signal ? AbortSignal.any([init.signal as AbortSignal, deadline.signal]) : deadline.signal;
      try {
        return await signed(input, { ...init, signal } as typeof init);
      } finally {
        clearTimeout(timer);
      }
    };
  }

  override didEncounterError(error: Error): never {
    const failure = subgraphFailureOf(error, this.timeoutMs);
    const answer = failure && publicDependencyError(failure);
    if (!failure || !answer) throw error;
    this.log.warn({ subgraph: this.name, err: failureLogFields(error), answered: answer.code }, 'subgraph call failed');
    throw new GraphQLError(answer.message, { originalError: failure, extensions: dependencyErrorExtensions(answer) });
  }
}
