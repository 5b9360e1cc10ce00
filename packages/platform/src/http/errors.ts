import type { GraphQLFormattedError } from 'graphql';
import { PUBLIC_ERROR_CODES } from '../domain/ruleViolation';

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
