import type { DomainEvent } from '@nocturne/platform/domain';

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

export function evolvePasswordReset(state: PasswordResetState, event: PasswordResetEvent): PasswordResetState {
  switch (event.type) {
    case 'PasswordResetRequested':
      return { status: 'requested', userId: event.data.userId, requestedAt: event.data.requestedAt, expiresAt: event.data.expiresAt };
    case 'PasswordResetCompleted':
      return { status: 'completed', userId: event.data.userId };
  }
}


export const initialPasswordReset = (): PasswordResetState => ({ status: 'none' });
