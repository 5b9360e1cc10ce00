import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { PUBLIC_ERROR_CODES } from '../domain/ruleViolation';

/** The error codes a subgraph may answer with a message of its own (docs/design.md, Errors). */
export const ErrorCodes = {
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
} as const;
export type DomainErrorCode = Exclude<keyof typeof ErrorCodes, 'INTERNAL_SERVER_ERROR'>;

const publicCodes: ReadonlySet<string> = PUBLIC_ERROR_CODES;

/**
 * Errors about the request itself that Apollo raises before any resolver runs (parse, validation,
 * variable coercion). They describe the caller's query, not the server, so they keep their message.
 */
const requestCodes: ReadonlySet<string> = new Set([
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

export interface DomainErrorExtensions {
  /** The input field the error is about (BAD_USER_INPUT, CONFLICT). */
  field?: string;
  /** RATE_LIMITED: when the caller may try again. */
  retryAfterSeconds?: number;
  [key: string]: unknown;
}

/** An error whose code and message reach the caller as they are. */
export class DomainError extends GraphQLError {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    extensions: DomainErrorExtensions = {},
  ) {
    super(message, { extensions: { ...extensions, code } });
    this.name = 'DomainError';
  }
}

export function domainError(code: DomainErrorCode, message: string, extensions: DomainErrorExtensions = {}): DomainError {
  return new DomainError(code, message, extensions);
}

export const isPublicErrorCode = (code: unknown): code is DomainErrorCode => typeof code === 'string' && publicCodes.has(code);

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
  if (!fromResolver && typeof code === 'string' && requestCodes.has(code)) {
    const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
    return { error: { ...formatted, extensions }, masked: false };
  }
  return {
    error: {
      message: INTERNAL_ERROR_MESSAGE,
      ...(formatted.path !== undefined && { path: formatted.path }),
      ...(formatted.locations !== undefined && { locations: formatted.locations }),
      extensions: { code: ErrorCodes.INTERNAL_SERVER_ERROR },
    },
    masked: true,
  };
}
