import { Messages } from '@nocturne/contracts';
import { deciderSpecification } from '@nocturne/platform/testing';
import { passwordResetDecider } from './businessLogic';
import { PASSWORD_RESET_VALID_MS, type PasswordResetEvent } from './passwordReset';

const spec = deciderSpecification(passwordResetDecider);
const requestedAt = new Date('2026-01-10T21:00:00.000Z');
const requested: PasswordResetEvent = {
  type: 'PasswordResetRequested',
  data: { userId: 7, tokenHash: 'abc', requestedAt: requestedAt.toISOString(), expiresAt: '2026-01-10T21:30:00.000Z' },
};
const minutesLater = (minutes: number) => new Date(requestedAt.getTime() + minutes * 60_000);
const complete = (now: Date, account: { active: false } | { active: true; userId: number; passwordChangedAt?: string } = { active: true, userId: 7 }) => ({
  type: 'CompletePasswordReset' as const,
  now,
  account,
});
const tokenInvalid = (error: unknown) => expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field: 'token', message: Messages.resetTokenInvalid });

describe('password reset decider', () => {
  it('records a request valid for 30 minutes, by the token hash only', () => {
    spec
      .given([])
      .when({ type: 'RequestPasswordReset', userId: 7, tokenHash: 'abc', now: requestedAt, validForMs: PASSWORD_RESET_VALID_MS })
      .then([requested]);
  });

  it('completes a fresh request', () => {
    spec
      .given([requested])
      .when(complete(minutesLater(29)))
      .then([{ type: 'PasswordResetCompleted', data: { userId: 7, completedAt: minutesLater(29).toISOString() } }]);
  });

  it('rejects an unknown token', () => {
    spec.given([]).when(complete(minutesLater(1))).thenThrows(tokenInvalid);
  });

  it('rejects a token used once already', () => {
    spec
      .given([requested, { type: 'PasswordResetCompleted', data: { userId: 7, completedAt: minutesLater(1).toISOString() } }])
      .when(complete(minutesLater(2)))
      .thenThrows(tokenInvalid);
  });

  it('rejects a token at 30 minutes and after', () => {
    spec.given([requested]).when(complete(minutesLater(30))).thenThrows(tokenInvalid);
  });

  it('rejects a token of a deleted account', () => {
    spec.given([requested]).when(complete(minutesLater(1), { active: false })).thenThrows(tokenInvalid);
  });

  it('rejects a token requested before the password last changed', () => {
    spec
      .given([requested])
      .when(complete(minutesLater(5), { active: true, userId: 7, passwordChangedAt: minutesLater(3).toISOString() }))
      .thenThrows(tokenInvalid);
  });
});
