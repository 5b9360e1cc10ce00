import { foldEvents } from '@nocturne/platform/domain';
import { blockStreamId } from './block';
import { blockDecider, type FollowBlock } from './businessLogic';

const follow = (overrides: Partial<FollowBlock> = {}): FollowBlock => ({ type: 'FollowBlock', blockerId: 7, blockedId: 3, blockedAt: '2026-01-01T22:00:00.000Z', bothActive: true, ...overrides });

describe('following a block', () => {
  it('records a block once, however often it is delivered', () => {
    const first = blockDecider.decide(follow(), blockDecider.initialState());
    expect(first).toEqual([{ type: 'BlockFollowed', data: { blockerId: 7, blockedId: 3, blockedAt: '2026-01-01T22:00:00.000Z' } }]);
    expect(blockDecider.decide(follow(), foldEvents(blockDecider, first))).toEqual([]);
  });

  it('records nothing of a block that names an erased account', () => {
    expect(blockDecider.decide(follow({ bothActive: false }), blockDecider.initialState())).toEqual([]);
  });

  it('keeps both directions of a pair in one stream', () => {
    expect(blockStreamId(7, 3)).toBe(blockStreamId(3, 7));
  });
});
