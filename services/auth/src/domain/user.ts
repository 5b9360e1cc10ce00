import { Messages } from '@nocturne/contracts';
import type { Decider, DomainEvent } from './decider';
import { RuleViolation } from './ruleViolation';

/** Stream of one account: `user-<id>`. */
export const userStreamId = (userId: number) => `user-${userId}`;

export type UserRegistered = DomainEvent<
  'UserRegistered',
  { userId: number; username: string; email: string; name: string; age: number; passwordHash: string; registeredAt: string }
>;
export type AccountDetailsChanged = DomainEvent<'AccountDetailsChanged', { userId: number; name: string; age: number; changedAt: string }>;
export type PasswordChanged = DomainEvent<'PasswordChanged', { userId: number; passwordHash: string; changedAt: string }>;
/** Carries no personal data: after it, the account's state holds none either. */
export type UserDeleted = DomainEvent<'UserDeleted', { userId: number; deletedAt: string }>;
export type UserEvent = UserRegistered | AccountDetailsChanged | PasswordChanged | UserDeleted;

export interface ActiveUser {
  status: 'active';
  userId: number;
  username: string;
  email: string;
  name: string;
  age: number;
  passwordHash: string;
  registeredAt: string;
  passwordChangedAt?: string;
}
export type UserState = { status: 'absent' } | ActiveUser | { status: 'deleted'; userId: number; deletedAt: string };

export type RegisterUser = {
  type: 'RegisterUser';
  userId: number;
  username: string;
  email: string;
  name: string;
  age: number;
  passwordHash: string;
  now: Date;
};
export type ChangeAccountDetails = { type: 'ChangeAccountDetails'; name: string; age: number; now: Date };
export type ChangePassword = { type: 'ChangePassword'; passwordHash: string; now: Date };
export type DeleteUser = { type: 'DeleteUser'; now: Date };
export type UserCommand = RegisterUser | ChangeAccountDetails | ChangePassword | DeleteUser;

const signedOut = () => new RuleViolation('UNAUTHENTICATED', Messages.signedOut);

function decide(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status !== 'absent') throw new Error(`user ${command.userId} already exists`);
      const { userId, username, email, name, age, passwordHash } = command;
      return [{ type: 'UserRegistered', data: { userId, username, email, name, age, passwordHash, registeredAt: command.now.toISOString() } }];
    }
    case 'ChangeAccountDetails': {
      if (state.status !== 'active') throw signedOut();
      if (state.name === command.name && state.age === command.age) return [];
      return [{ type: 'AccountDetailsChanged', data: { userId: state.userId, name: command.name, age: command.age, changedAt: command.now.toISOString() } }];
    }
    case 'ChangePassword': {
      if (state.status !== 'active') throw signedOut();
      return [{ type: 'PasswordChanged', data: { userId: state.userId, passwordHash: command.passwordHash, changedAt: command.now.toISOString() } }];
    }
    case 'DeleteUser': {
      if (state.status === 'deleted') return [];
      if (state.status !== 'active') throw signedOut();
      return [{ type: 'UserDeleted', data: { userId: state.userId, deletedAt: command.now.toISOString() } }];
    }
  }
}

function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { registeredAt, ...account } = event.data;
      return { status: 'active', ...account, registeredAt };
    }
    case 'AccountDetailsChanged':
      return state.status === 'active' ? { ...state, name: event.data.name, age: event.data.age } : state;
    case 'PasswordChanged':
      return state.status === 'active' ? { ...state, passwordHash: event.data.passwordHash, passwordChangedAt: event.data.changedAt } : state;
    case 'UserDeleted':
      return { status: 'deleted', userId: event.data.userId, deletedAt: event.data.deletedAt };
  }
}

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  decide,
  evolve,
  initialState: () => ({ status: 'absent' }),
};
