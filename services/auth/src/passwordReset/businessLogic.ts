import { Messages } from '@nocturne/contracts';
import { invalidInput, type Decider } from '@nocturne/platform/domain';
import { evolvePasswordReset, initialPasswordReset, type PasswordResetEvent, type PasswordResetState } from './passwordReset';

export type RequestPasswordReset = { type: 'RequestPasswordReset'; userId: number; tokenHash: string; now: Date; validForMs: number };
export type CompletePasswordReset = {
  type: 'CompletePasswordReset';
  now: Date;
  /** The account as it is now: a deleted account, or a password changed after the request, voids the token. */
  account: { active: false } | { active: true; userId: number; passwordChangedAt?: string };
};
export type PasswordResetCommand = RequestPasswordReset | CompletePasswordReset;

const tokenInvalid = () => invalidInput('token', Messages.resetTokenInvalid);

export function decidePasswordReset(command: PasswordResetCommand, state: PasswordResetState): PasswordResetEvent[] {
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

export const passwordResetDecider: Decider<PasswordResetCommand, PasswordResetState, PasswordResetEvent> = {
  decide: decidePasswordReset,
  evolve: evolvePasswordReset,
  initialState: initialPasswordReset,
};
