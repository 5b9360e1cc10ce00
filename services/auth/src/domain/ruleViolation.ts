import type { ZodError } from 'zod';
import { firstFieldError } from '@nocturne/contracts';

export type RuleViolationCode = 'BAD_USER_INPUT' | 'CONFLICT' | 'UNAUTHENTICATED' | 'NOT_FOUND' | 'FORBIDDEN';

/**
 * A command broke a business rule. `extensions` follows the GraphQL error shape, so the code and the
 * field reach the caller as they are (docs/design.md, Errors) without the domain knowing GraphQL.
 */
export class RuleViolation extends Error {
  override readonly name = 'RuleViolation';
  readonly extensions: { code: RuleViolationCode; field?: string };

  constructor(
    readonly code: RuleViolationCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.extensions = { code, ...(field !== undefined && { field }) };
  }
}

export const invalidInput = (field: string, message: string) => new RuleViolation('BAD_USER_INPUT', message, field);

/** The first failed input rule, naming its field. */
export function fromZodError(error: ZodError): RuleViolation {
  const { field, message } = firstFieldError(error);
  return invalidInput(field, message);
}
