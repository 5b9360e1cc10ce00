import type { DomainEvent } from '@nocturne/platform/domain';

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

export function evolveClaim(_state: ClaimState, event: ClaimEvent): ClaimState {
  switch (event.type) {
    case 'ClaimMade':
      return { owner: event.data.userId, claimedAt: event.data.claimedAt };
    case 'ClaimReleased':
      return { owner: null };
  }
}


export const initialClaim = (): ClaimState => ({ owner: null });
