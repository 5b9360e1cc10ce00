import type { GraphQLFormattedError } from 'graphql';
import { Messages } from '@nocturne/contracts';
import { PUBLIC_ERROR_CODES, RuleViolationStatus } from '../domain/ruleViolation';
import { dependencyFailureOf, DependencyUnavailable } from '../ports/dependencyFailure';

/**
 * Errors about the request itself that Apollo raises before any resolver runs (parse, validation,
 * variable coercion). They describe the caller's query, not the server, so they keep their message.
 */
export const REQUEST_ERROR_CODES: ReadonlySet<string> = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  'INTROSPECTION_DISABLED',
  'MAX_RECURSIVE_SELECTIONS_EXCEEDED',
]);

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong. Please try again.';

export const isPublicErrorCode = (code: unknown): boolean => typeof code === 'string' && PUBLIC_ERROR_CODES.has(code);

/**
 * Decides what the caller sees: our codes keep their message, request errors keep theirs, anything
 * else becomes a generic INTERNAL_SERVER_ERROR. Answers whether the error was masked, so the caller
 * can log the original.
 */
export function formatSubgraphError(formatted: GraphQLFormattedError): { error: GraphQLFormattedError; masked: boolean } {
  const code = formatted.extensions?.code;
  const fromResolver = formatted.path !== undefined;
  if (isPublicErrorCode(code)) {
    const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
    return { error: { ...formatted, extensions }, masked: false };
  }
  if (!fromResolver && typeof code === 'string' && REQUEST_ERROR_CODES.has(code)) {
    const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
    return { error: { ...formatted, extensions }, masked: false };
  }
  return {
    error: {
      message: INTERNAL_ERROR_MESSAGE,
      ...(formatted.path !== undefined && { path: formatted.path }),
      ...(formatted.locations !== undefined && { locations: formatted.locations }),
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    },
    masked: true,
  };
}

/** How a dependency failure reaches a caller, over GraphQL (`code`, `retryAfterSeconds`) and HTTP (`status`, Retry-After). */
export interface PublicDependencyError {
  code: 'UNAVAILABLE' | 'TIMEOUT';
  status: number;
  message: string;
  /** 503 only: when to try again. */
  retryAfterSeconds?: number;
}

/**
 * The one mapping of infrastructure failures: a dependency that is away is UNAVAILABLE (503 and
 * Retry-After), one that did not answer in time is TIMEOUT (504). Undefined for anything else (a bug: 500).
 */
export function publicDependencyError(error: unknown): PublicDependencyError | undefined {
  const failure = dependencyFailureOf(error);
  if (!failure) return undefined;
  if (failure instanceof DependencyUnavailable) {
    return { code: 'UNAVAILABLE', status: RuleViolationStatus.UNAVAILABLE, message: Messages.unavailable, retryAfterSeconds: failure.retryAfterSeconds };
  }
  return { code: 'TIMEOUT', status: RuleViolationStatus.TIMEOUT, message: Messages.timedOut };
}

/** A dependency failure as GraphQL error extensions. */
export const dependencyErrorExtensions = (error: PublicDependencyError) => ({
  code: error.code,
  ...(error.retryAfterSeconds !== undefined && { retryAfterSeconds: error.retryAfterSeconds }),
});
