import { Messages } from '@nocturne/contracts';
import { RuleViolation, type Decider } from '@nocturne/platform/domain';
import { evolveUser, initialUser, type UserEvent, type UserState } from './account';

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

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status !== 'absent') throw new Error(`user ${command.userId} already exists`);
      const { userId, username, email, name, age, passwordHash } = command;
      return [{ type: 'UserRegistered', data: { userId, username, email, name, age, passwordHash, registeredAt: command.now.toISOString() } }];
    }
    case 'ChangeAccountDetails': {
      // Followed from a profile edit: one that arrives after the erasure changes nothing.
      if (state.status !== 'active') return [];
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

export const userDecider: Decider<UserCommand, UserState, UserEvent> = { decide: decideUser, evolve: evolveUser, initialState: initialUser };
