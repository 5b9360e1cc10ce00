import { RuleViolation } from '@nocturne/platform/domain';
import { deciderSpecification } from '@nocturne/platform/testing';
import type { UserEvent, UserRegistered } from './account';
import { userDecider } from './businessLogic';

const spec = deciderSpecification(userDecider);
const now = new Date('2026-01-10T21:00:00.000Z');
const registered: UserRegistered = {
  type: 'UserRegistered',
  data: { userId: 7, username: 'Luna', email: 'luna@example.com', name: 'Luna', age: 25, passwordHash: '$argon2id$old', registeredAt: '2026-01-01T20:00:00.000Z' },
};
const deleted: UserEvent = { type: 'UserDeleted', data: { userId: 7, deletedAt: '2026-01-05T20:00:00.000Z' } };

const expectViolation = (code: string) => (error: unknown) => {
  expect(error).toBeInstanceOf(RuleViolation);
  expect((error as RuleViolation).code).toBe(code);
};

describe('user decider', () => {
  it('registers a new account with the hash it was given', () => {
    spec
      .given([])
      .when({ type: 'RegisterUser', userId: 7, username: 'Luna', email: 'luna@example.com', name: 'Luna', age: 25, passwordHash: '$argon2id$old', now: new Date('2026-01-01T20:00:00.000Z') })
      .then([registered]);
  });

  it('refuses to register an id twice', () => {
    spec
      .given([registered])
      .when({ type: 'RegisterUser', userId: 7, username: 'Other', email: 'o@example.com', name: 'Other', age: 30, passwordHash: 'h', now })
      .thenThrows((error) => expect(error).toEqual(new Error('user 7 already exists')));
  });

  it('changes name and age', () => {
    spec
      .given([registered])
      .when({ type: 'ChangeAccountDetails', name: 'Selene', age: 26, now })
      .then([{ type: 'AccountDetailsChanged', data: { userId: 7, name: 'Selene', age: 26, changedAt: now.toISOString() } }]);
  });

  it('records nothing when the details did not change', () => {
    spec.given([registered]).when({ type: 'ChangeAccountDetails', name: 'Luna', age: 25, now }).thenNothingHappens();
  });

  it('refuses a new password for a deleted account, and records nothing for a profile edit followed after the erasure', () => {
    spec.given([registered, deleted]).when({ type: 'ChangePassword', passwordHash: 'h', now }).thenThrows(expectViolation('UNAUTHENTICATED'));
    spec.given([registered, deleted]).when({ type: 'ChangeAccountDetails', name: 'Selene', age: 26, now }).then([]);
  });

  it('changes the password', () => {
    spec
      .given([registered])
      .when({ type: 'ChangePassword', passwordHash: '$argon2id$new', now })
      .then([{ type: 'PasswordChanged', data: { userId: 7, passwordHash: '$argon2id$new', changedAt: now.toISOString() } }]);
  });

  it('deletes an account once, with an event that carries no personal data', () => {
    spec.given([registered]).when({ type: 'DeleteUser', now }).then([{ type: 'UserDeleted', data: { userId: 7, deletedAt: now.toISOString() } }]);
    spec.given([registered, deleted]).when({ type: 'DeleteUser', now }).thenNothingHappens();
  });

  it('forgets email, name and password hash once deleted', () => {
    const state = [registered, deleted].reduce(userDecider.evolve, userDecider.initialState());
    expect(state).toEqual({ status: 'deleted', userId: 7, deletedAt: '2026-01-05T20:00:00.000Z' });
    expect(JSON.stringify(state)).not.toMatch(/luna|argon2/i);
  });

  it('remembers when the password last changed', () => {
    const state = [registered, { type: 'PasswordChanged', data: { userId: 7, passwordHash: 'h2', changedAt: now.toISOString() } } as UserEvent].reduce(
      userDecider.evolve,
      userDecider.initialState(),
    );
    expect(state).toMatchObject({ status: 'active', passwordHash: 'h2', passwordChangedAt: now.toISOString() });
  });
});
