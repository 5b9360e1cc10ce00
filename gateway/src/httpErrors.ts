import type { Response } from 'express';
import type { GraphQLFormattedError } from 'graphql';
import { HttpError, INTERNAL_ERROR_MESSAGE, RuleViolationStatus, type ErrorBody } from '@nocturne/platform';

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
  return new HttpError(status, error.message, field, status === 429 || status === 503 ? (retryAfter ?? 60) : undefined, reason);
}
