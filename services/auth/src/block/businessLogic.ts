import type { Decider } from '@nocturne/platform/domain';
import { evolveBlock, initialBlock, type BlockEvent, type BlockState } from './block';

export type FollowBlock = {
  type: 'FollowBlock';
  blockerId: number;
  blockedId: number;
  blockedAt: string;
  /** Both accounts are live: a block that arrives after either was erased is about nobody here. */
  bothActive: boolean;
};

/** The first delivery of a block is recorded; a block is for good, so every later one records nothing. */
export function decideBlock(command: FollowBlock, state: BlockState): BlockEvent[] {
  if (state.blocked || !command.bothActive) return [];
  const { blockerId, blockedId, blockedAt } = command;
  return [{ type: 'BlockFollowed', data: { blockerId, blockedId, blockedAt } }];
}

export const blockDecider: Decider<FollowBlock, BlockState, BlockEvent> = { decide: decideBlock, evolve: evolveBlock, initialState: initialBlock };
