import type { Decider, DomainEvent } from './decider';

/** User ids are serial whole numbers: each is one event in this stream, so the next id is its length + 1. */
export const USER_ID_SEQUENCE_STREAM = 'user-ids';

export type UserIdAllocated = DomainEvent<'UserIdAllocated', { userId: number; allocatedAt: string }>;
export type AllocateUserId = { type: 'AllocateUserId'; now: Date };
export type UserIdSequenceState = { lastUserId: number };

export const userIdSequenceDecider: Decider<AllocateUserId, UserIdSequenceState, UserIdAllocated> = {
  decide: (command, state) => [{ type: 'UserIdAllocated', data: { userId: state.lastUserId + 1, allocatedAt: command.now.toISOString() } }],
  evolve: (_state, event) => ({ lastUserId: event.data.userId }),
  initialState: () => ({ lastUserId: 0 }),
};
