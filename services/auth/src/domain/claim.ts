import { Messages } from '@nocturne/contracts';
import type { Decider, DomainEvent } from './decider';
import { RuleViolation } from './ruleViolation';

/**
 * Uniqueness without transactions: a username or email belongs to whoever first appends to its claim
 * stream (`username-<key>`, `email-<key>`); the next claimant's append conflicts. The application derives
 * the key from the lowercase name with a keyed hash, so stream ids do not reveal names.
 */
export type ClaimKind = 'username' | 'email';
export const claimStreamId = (kind: ClaimKind, lookupKey: string) => `${kind}-${lookupKey}`;

export type ClaimMade = DomainEvent<'ClaimMade', { kind: ClaimKind; userId: number; claimedAt: string }>;
export type ClaimReleased = DomainEvent<'ClaimReleased', { kind: ClaimKind; userId: number; releasedAt: string }>;
export type ClaimEvent = ClaimMade | ClaimReleased;

export type ClaimState = { owner: null } | { owner: number; claimedAt: string };

export type MakeClaim = {
  type: 'MakeClaim';
  kind: ClaimKind;
  userId: number;
  now: Date;
  /**
   * Whether the current owner finished registering. A claim whose sign-up died half way (the process
   * stopped before it could release it) is taken over once it is older than `abandonedAfterMs`.
   */
  ownerRegistered: boolean;
  abandonedAfterMs: number;
};
export type ReleaseClaim = { type: 'ReleaseClaim'; kind: ClaimKind; userId: number; now: Date };
export type ClaimCommand = MakeClaim | ReleaseClaim;

const takenMessage: Record<ClaimKind, string> = { username: Messages.usernameTaken, email: Messages.emailTaken };

function decide(command: ClaimCommand, state: ClaimState): ClaimEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'MakeClaim': {
      const made: ClaimMade = { type: 'ClaimMade', data: { kind: command.kind, userId: command.userId, claimedAt: at } };
      if (state.owner === null) return [made];
      if (state.owner === command.userId) return [];
      const abandoned = !command.ownerRegistered && command.now.getTime() - Date.parse(state.claimedAt) >= command.abandonedAfterMs;
      if (!abandoned) throw new RuleViolation('CONFLICT', takenMessage[command.kind], command.kind);
      return [{ type: 'ClaimReleased', data: { kind: command.kind, userId: state.owner, releasedAt: at } }, made];
    }
    case 'ReleaseClaim':
      if (state.owner !== command.userId) return [];
      return [{ type: 'ClaimReleased', data: { kind: command.kind, userId: command.userId, releasedAt: at } }];
  }
}

function evolve(_state: ClaimState, event: ClaimEvent): ClaimState {
  switch (event.type) {
    case 'ClaimMade':
      return { owner: event.data.userId, claimedAt: event.data.claimedAt };
    case 'ClaimReleased':
      return { owner: null };
  }
}

export const claimDecider: Decider<ClaimCommand, ClaimState, ClaimEvent> = { decide, evolve, initialState: () => ({ owner: null }) };
