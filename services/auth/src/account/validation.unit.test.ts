import { Messages } from '@nocturne/contracts';
import { RuleViolation } from '@nocturne/platform/domain';
import { normalizeForClaim, validateAccountDetails, validatePasswordReset, validateSignIn, validateSignUp } from './validation';

const valid = { username: 'luna', email: 'luna@example.com', password: 'moonlight', name: 'Luna', age: 25 };

function violationOf(run: () => unknown): RuleViolation {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleViolation) return error;
    throw error;
  }
  throw new Error('expected a rule violation');
}

describe('input validation', () => {
  it('accepts a valid sign-up and trims what the rules trim', () => {
    expect(validateSignUp({ ...valid, username: '  luna ', email: ' luna@example.com ' })).toEqual(valid);
  });

  it.each([
    ['username', { username: 'lu' }, Messages.username],
    ['username', { username: 'x'.repeat(21) }, Messages.username],
    ['email', { email: 'not-an-email' }, Messages.email],
    ['password', { password: 'short' }, Messages.password],
    ['password', { password: 'x'.repeat(129) }, Messages.passwordTooLong],
    ['password', { password: 'sunshine' }, Messages.passwordTooCommon],
    ['password', { password: 'PassWord1' }, Messages.passwordTooCommon],
    ['name', { name: 'L' }, Messages.name],
    ['age', { age: 17 }, Messages.age],
    ['age', { age: 100 }, Messages.age],
    ['age', { age: 18.5 }, Messages.age],
  ])('names the field %s when its rule fails', (field, change, message) => {
    const violation = violationOf(() => validateSignUp({ ...valid, ...change }));
    expect(violation).toMatchObject({ code: 'BAD_USER_INPUT', field, message });
    expect(violation.toExtensions()).toEqual({ code: 'BAD_USER_INPUT', field });
  });

  it('requires username and password to sign in', () => {
    expect(violationOf(() => validateSignIn({ username: ' ', password: 'x' }))).toMatchObject({ field: 'username', message: Messages.usernameRequired });
    expect(violationOf(() => validateSignIn({ username: 'luna', password: '' }))).toMatchObject({ field: 'password', message: Messages.passwordRequired });
  });

  it('checks name and age of an account change', () => {
    expect(validateAccountDetails({ name: ' Selene ', age: 30 })).toEqual({ name: 'Selene', age: 30 });
    expect(violationOf(() => validateAccountDetails({ name: 'Selene', age: 12 }))).toMatchObject({ field: 'age' });
  });

  it('checks the new password of a reset', () => {
    expect(violationOf(() => validatePasswordReset({ token: 't', password: '123' }))).toMatchObject({ field: 'password', message: Messages.password });
    expect(violationOf(() => validatePasswordReset({ token: '', password: '123456' }))).toMatchObject({ field: 'token', message: Messages.resetTokenInvalid });
    expect(violationOf(() => validatePasswordReset({ token: 't', password: 'Iloveyou' }))).toMatchObject({ field: 'password', message: Messages.passwordTooCommon });
  });

  it('claims names case-insensitively', () => {
    expect(normalizeForClaim(' Luna@Example.COM ')).toBe('luna@example.com');
  });
});
