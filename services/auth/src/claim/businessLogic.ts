import { Messages } from '@nocturne/contracts';
import { RuleViolation, type Decider } from '@nocturne/platform/domain';
import { evolveClaim, initialClaim, type ClaimEvent, type ClaimKind, type ClaimMade, type ClaimState } from './claim';

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

export function decideClaim(command: ClaimCommand, state: ClaimState): ClaimEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'MakeClaim': {
      const made: ClaimMade = { type: 'ClaimMade', data: { kind: command.kind, userId: command.userId, claimedAt: at } };
      if (state.owner === null) return [made];
      if (state.owner === command.userId) return [];
      const abandoned = !command.ownerRegistered && command.now.getTime() - Date.parse(state.claimedAt) >= command.abandonedAfterMs;
      if (!abandoned) throw new RuleViolation('CONFLICT', takenMessage[command.kind], { field: command.kind });
      return [{ type: 'ClaimReleased', data: { kind: command.kind, userId: state.owner, releasedAt: at } }, made];
    }
    case 'ReleaseClaim':
      if (state.owner !== command.userId) return [];
      return [{ type: 'ClaimReleased', data: { kind: command.kind, userId: command.userId, releasedAt: at } }];
  }
}

export const claimDecider: Decider<ClaimCommand, ClaimState, ClaimEvent> = { decide: decideClaim, evolve: evolveClaim, initialState: initialClaim };
