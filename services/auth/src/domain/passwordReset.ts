import { Messages } from '@nocturne/contracts';
import type { Decider, DomainEvent } from './decider';
import { invalidInput } from './ruleViolation';

/** One reset request per token, found by the token's hash: `reset-<sha256(token)>`. */
export const passwordResetStreamId = (tokenHash: string) => `reset-${tokenHash}`;
export const PASSWORD_RESET_VALID_MS = 30 * 60_000;

/** Only the token's hash is stored: the token itself travels in the mail and nowhere else. */
export type PasswordResetRequested = DomainEvent<'PasswordResetRequested', { userId: number; tokenHash: string; requestedAt: string; expiresAt: string }>;
export type PasswordResetCompleted = DomainEvent<'PasswordResetCompleted', { userId: number; completedAt: string }>;
export type PasswordResetEvent = PasswordResetRequested | PasswordResetCompleted;

export type PasswordResetState =
  | { status: 'none' }
  | { status: 'requested'; userId: number; requestedAt: string; expiresAt: string }
  | { status: 'completed'; userId: number };

export type RequestPasswordReset = { type: 'RequestPasswordReset'; userId: number; tokenHash: string; now: Date; validForMs: number };
export type CompletePasswordReset = {
  type: 'CompletePasswordReset';
  now: Date;
  /** The account as it is now: a deleted account, or a password changed after the request, voids the token. */
  account: { active: false } | { active: true; userId: number; passwordChangedAt?: string };
};
export type PasswordResetCommand = RequestPasswordReset | CompletePasswordReset;

const tokenInvalid = () => invalidInput('token', Messages.resetTokenInvalid);

function decide(command: PasswordResetCommand, state: PasswordResetState): PasswordResetEvent[] {
  switch (command.type) {
    case 'RequestPasswordReset': {
      if (state.status !== 'none') throw new Error('reset token already in use');
      const { userId, tokenHash, now, validForMs } = command;
      return [
        {
          type: 'PasswordResetRequested',
          data: { userId, tokenHash, requestedAt: now.toISOString(), expiresAt: new Date(now.getTime() + validForMs).toISOString() },
        },
      ];
    }
    case 'CompletePasswordReset': {
      if (state.status !== 'requested') throw tokenInvalid();
      if (command.now.getTime() >= Date.parse(state.expiresAt)) throw tokenInvalid();
      const { account } = command;
      if (!account.active || account.userId !== state.userId) throw tokenInvalid();
      if (account.passwordChangedAt !== undefined && Date.parse(account.passwordChangedAt) > Date.parse(state.requestedAt)) throw tokenInvalid();
      return [{ type: 'PasswordResetCompleted', data: { userId: state.userId, completedAt: command.now.toISOString() } }];
    }
  }
}

function evolve(state: PasswordResetState, event: PasswordResetEvent): PasswordResetState {
  switch (event.type) {
    case 'PasswordResetRequested':
      return { status: 'requested', userId: event.data.userId, requestedAt: event.data.requestedAt, expiresAt: event.data.expiresAt };
    case 'PasswordResetCompleted':
      return { status: 'completed', userId: event.data.userId };
  }
}

export const passwordResetDecider: Decider<PasswordResetCommand, PasswordResetState, PasswordResetEvent> = {
  decide,
  evolve,
  initialState: () => ({ status: 'none' }),
};
