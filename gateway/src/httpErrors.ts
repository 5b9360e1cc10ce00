import type { Response } from 'express';
import type { GraphQLFormattedError } from 'graphql';
import { INTERNAL_ERROR_MESSAGE } from '@nocturne/platform';

/** The one error body of every non-GraphQL answer: `{ error, field? }` (docs/design.md, Errors). */
export interface ErrorBody {
  error: string;
  field?: string;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export function sendError(res: Response, error: HttpError): void {
  if (error.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  const body: ErrorBody = { error: error.message, ...(error.field !== undefined && { field: error.field }) };
  res.status(error.status).json(body);
}

export { INTERNAL_ERROR_MESSAGE };

const statusByCode: Record<string, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
};

/** Maps a GraphQL error of the catalogue to its HTTP form; anything else is a generic 500. */
export function httpErrorFromGraphQL(error: GraphQLFormattedError): HttpError {
  const extensions = error.extensions ?? {};
  const code = typeof extensions.code === 'string' ? extensions.code : 'INTERNAL_SERVER_ERROR';
  const status = statusByCode[code];
  if (status === undefined) return new HttpError(500, INTERNAL_ERROR_MESSAGE);
  const field = typeof extensions.field === 'string' ? extensions.field : undefined;
  const retryAfter = typeof extensions.retryAfterSeconds === 'number' && Number.isFinite(extensions.retryAfterSeconds) ? extensions.retryAfterSeconds : undefined;
  return new HttpError(status, error.message, field, status === 429 ? (retryAfter ?? 60) : undefined);
}
