/** The codes a profile rule can fail with (docs/design.md, Errors). */
export type RuleViolationCode = 'BAD_USER_INPUT' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT';

/** A command broke a rule; the API layer turns it into the error of docs/design.md. */
export class RuleViolation extends Error {
  override readonly name = 'RuleViolation';
  constructor(
    readonly code: RuleViolationCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badInput = (field: string, message: string) => new RuleViolation('BAD_USER_INPUT', message, field);
