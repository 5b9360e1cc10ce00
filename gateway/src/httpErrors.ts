import type { Response } from 'express';
import type { GraphQLFormattedError } from 'graphql';
import { GraphQLError } from 'graphql';
import { RuleViolationStatus } from '@nocturne/platform/domain';
import { INTERNAL_ERROR_MESSAGE, publicDependencyError, dependencyErrorExtensions } from '@nocturne/platform/http';
import { HttpError, type ErrorBody } from '@nocturne/platform/rest';

export function sendError(res: Response, error: HttpError): void {
  if (error.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  const body: ErrorBody = { error: error.message, ...(error.field !== undefined && { field: error.field }), ...(error.code !== undefined && { code: error.code }) };
  res.status(error.status).json(body);
}

export { INTERNAL_ERROR_MESSAGE };

const statusByCode: Readonly<Record<string, number>> = RuleViolationStatus;

/** Maps a GraphQL error of the catalogue to its HTTP form; anything else is a generic 500. */
export function httpErrorFromGraphQL(error: GraphQLFormattedError): HttpError {
  const extensions = error.extensions ?? {};
  const code = typeof extensions.code === 'string' ? extensions.code : 'INTERNAL_SERVER_ERROR';
  const status = statusByCode[code];
  if (status === undefined) return new HttpError(500, INTERNAL_ERROR_MESSAGE);
  const field = typeof extensions.field === 'string' ? extensions.field : undefined;
  const retryAfter = typeof extensions.retryAfterSeconds === 'number' && Number.isFinite(extensions.retryAfterSeconds) ? extensions.retryAfterSeconds : undefined;
  const reason = code === 'LIMIT_REACHED' && typeof extensions.reason === 'string' ? extensions.reason : undefined;
  // A rate limit's window is long; a dependency away is worth another try in a few seconds.
  const defaultRetryAfter = status === 429 ? 60 : status === 503 ? 5 : undefined;
  return new HttpError(status, error.message, field, defaultRetryAfter === undefined ? undefined : (retryAfter ?? defaultRetryAfter), reason);
}

/**
 * What a failed request answers over REST: its own HttpError, a dependency that is away 503 with
 * Retry-After, one that timed out 504; undefined for anything else (a bug: the caller logs it, 500).
 */
export function knownHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  const dependency = publicDependencyError(error);
  return dependency && new HttpError(dependency.status, dependency.message, undefined, dependency.retryAfterSeconds);
}

/**
 * A dependency failure before any resolver ran (resolving the session), as the GraphQL error Apollo answers
 * with that HTTP status and Retry-After; undefined for anything else.
 */
export function graphQLDependencyError(error: unknown): GraphQLError | undefined {
  const dependency = publicDependencyError(error);
  if (!dependency) return undefined;
  const headers = new Map<string, string>(dependency.retryAfterSeconds !== undefined ? [['retry-after', String(dependency.retryAfterSeconds)]] : []);
  return new GraphQLError(dependency.message, { extensions: { ...dependencyErrorExtensions(dependency), http: { status: dependency.status, headers } } });
}
