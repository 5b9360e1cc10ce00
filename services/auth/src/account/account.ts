import type { DomainEvent } from '@nocturne/platform/domain';

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

export function evolveUser(state: UserState, event: UserEvent): UserState {
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


export const initialUser = (): UserState => ({ status: 'absent' });
