import type { output, ZodError, ZodType } from 'zod';
import { firstFieldError } from '@nocturne/contracts';

/**
 * The codes a rule can fail with, and the HTTP status each answers over REST. This is the one list of
 * public error codes: subgraphs, the gateway and the REST facade all read it.
 */
export const RuleViolationStatus = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A plan's quota or feature: the caller's plan does not allow this (`reason` says which). */
  LIMIT_REACHED: 403,
  RATE_LIMITED: 429,
  /** A dependency is away (nothing was changed); the caller may retry after `retryAfterSeconds`. */
  UNAVAILABLE: 503,
  /** A dependency did not answer in time; the request may or may not have taken effect. */
  TIMEOUT: 504,
} as const;

export type RuleViolationCode = keyof typeof RuleViolationStatus;

export const PUBLIC_ERROR_CODES: ReadonlySet<string> = new Set(Object.keys(RuleViolationStatus));

export const isRuleViolationCode = (code: unknown): code is RuleViolationCode => typeof code === 'string' && PUBLIC_ERROR_CODES.has(code);

export interface RuleViolationDetails {
  /** The input field the error is about (BAD_USER_INPUT, CONFLICT). */
  field?: string;
  /** RATE_LIMITED, UNAVAILABLE: when the caller may try again. */
  retryAfterSeconds?: number;
  /** LIMIT_REACHED: a stable name of the limit (`likes-limit`, `window-closed`...). */
  reason?: string;
}

/**
 * A command or query broke a rule. The message reaches the caller as it is; the subgraph server maps
 * the code to a GraphQL error code and the REST facade to an HTTP status (`RuleViolationStatus`).
 * Nothing here knows GraphQL or HTTP.
 */
export class RuleViolation extends Error {
  override readonly name = 'RuleViolation';

  constructor(
    readonly code: RuleViolationCode,
    message: string,
    readonly details: RuleViolationDetails = {},
  ) {
    super(message);
  }

  get field(): string | undefined {
    return this.details.field;
  }

  /** What a GraphQL error's `extensions` carry: the code and the details that are set. */
  toExtensions(): { code: RuleViolationCode } & RuleViolationDetails {
    const { field, retryAfterSeconds, reason } = this.details;
    return {
      code: this.code,
      ...(field !== undefined && { field }),
      ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
      ...(reason !== undefined && { reason }),
    };
  }
}

export const invalidInput = (field: string, message: string) => new RuleViolation('BAD_USER_INPUT', message, { field });

/** The first broken rule of a failed parse with the contracts' schemas, naming its field. */
export function fromZodError(error: ZodError): RuleViolation {
  const { field, message } = firstFieldError(error);
  return invalidInput(field, message);
}

/** Parses input at the edge with a contracts schema; the first broken rule is a BAD_USER_INPUT naming its field. */
export function parseInput<S extends ZodType>(schema: S, input: unknown): output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}
