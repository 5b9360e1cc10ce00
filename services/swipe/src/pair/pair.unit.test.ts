import type { SwipeKind } from '@nocturne/contracts';
import { deciderSpecification } from '@nocturne/platform/testing';
import { pairDecider, wouldMatch, type RegisterSwipe } from './businessLogic';
import { initialPair, pairStreamId, type PairEvent } from './pair';

const spec = deciderSpecification(pairDecider);
const now = new Date('2026-11-23T21:00:00.000Z');
const swipe = (from: number, to: number, kind: SwipeKind, matchId: number | null = null): RegisterSwipe => ({ type: 'RegisterSwipe', swipeId: `${from}-${kind}`, from, to, kind, now, matchId });
const swiped = (from: number, to: number, kind: SwipeKind): PairEvent => ({ type: 'PairSwiped', data: { swipeId: `${from}-${kind}`, from, to, kind, swipedAt: now.toISOString() } });
const match = (matchId: number, superLikedBy: number[] = []): PairEvent => ({ type: 'MatchCreated', data: { matchId, userIds: [3, 8], superLikedBy, createdAt: now.toISOString() } });

describe('a pair of people', () => {
  it('is one stream whichever of the two swipes', () => {
    expect(pairStreamId(8, 3)).toBe(pairStreamId(3, 8));
    expect(pairStreamId(3, 8)).toBe('pair-3-8');
  });

  it('matches when the second like arrives, with the match id drawn for it', () => {
    spec.given([]).when(swipe(3, 8, 'like')).then([swiped(3, 8, 'like')]);
    spec.given([swiped(3, 8, 'like')]).when(swipe(8, 3, 'like', 41)).then([swiped(8, 3, 'like'), match(41)]);
  });

  it('marks who super-liked on the way', () => {
    spec.given([swiped(8, 3, 'superlike')]).when(swipe(3, 8, 'like', 5)).then([swiped(3, 8, 'like'), match(5, [8])]);
    spec.given([swiped(8, 3, 'like')]).when(swipe(3, 8, 'superlike', 5)).then([swiped(3, 8, 'superlike'), match(5, [3])]);
  });

  it('does not match on a pass, or when the other passed', () => {
    spec.given([swiped(3, 8, 'like')]).when(swipe(8, 3, 'pass')).then([swiped(8, 3, 'pass')]);
    spec.given([swiped(3, 8, 'pass')]).when(swipe(8, 3, 'like')).then([swiped(8, 3, 'like')]);
  });

  it('matches once: a later like of a matched pair adds the swipe only', () => {
    spec.given([swiped(3, 8, 'like'), swiped(8, 3, 'like'), match(41)]).when({ ...swipe(3, 8, 'superlike') }).then([swiped(3, 8, 'superlike')]);
  });

  it('registers a swipe once, whoever delivers it again', () => {
    spec.given([swiped(3, 8, 'like')]).when(swipe(3, 8, 'like')).thenNothingHappens();
  });

  it('says in advance whether a swipe would match, so a match id is drawn only then', () => {
    const liked = pairDecider.evolve(initialPair(), swiped(3, 8, 'like'));
    expect(wouldMatch(liked, swipe(8, 3, 'like'))).toBe(true);
    expect(wouldMatch(liked, swipe(8, 3, 'pass'))).toBe(false);
    expect(() => pairDecider.decide(swipe(8, 3, 'like'), liked)).toThrow(/matchId/);
  });
});

describe('ending a pair', () => {
  const matched = [swiped(3, 8, 'like'), swiped(8, 3, 'like'), match(41)];
  const at = now.toISOString();

  it('unmatches a match once; there is nothing to unmatch before or after', () => {
    spec.given(matched).when({ type: 'Unmatch', by: 8, other: 3, now }).then([{ type: 'MatchEnded', data: { matchId: 41, userIds: [3, 8], endedBy: 8, reason: 'unmatch', endedAt: at } }]);
    spec.given([swiped(3, 8, 'like')]).when({ type: 'Unmatch', by: 8, other: 3, now }).thenThrows((error) => expect(error).toMatchObject({ code: 'NOT_FOUND' }));
    const ended: PairEvent = { type: 'MatchEnded', data: { matchId: 41, userIds: [3, 8], endedBy: 8, reason: 'unmatch', endedAt: at } };
    spec.given([...matched, ended]).when({ type: 'Unmatch', by: 3, other: 8, now }).thenThrows((error) => expect(error).toMatchObject({ code: 'NOT_FOUND' }));
  });

  it('blocks, ending a running match, once', () => {
    const blocked: PairEvent = { type: 'PairBlocked', data: { blockerId: 3, blockedId: 8, blockedAt: at } };
    spec.given(matched).when({ type: 'Block', by: 3, other: 8, now }).then([blocked, { type: 'MatchEnded', data: { matchId: 41, userIds: [3, 8], endedBy: 3, reason: 'block', endedAt: at } }]);
    spec.given([]).when({ type: 'Block', by: 3, other: 8, now }).then([blocked]);
    spec.given([blocked]).when({ type: 'Block', by: 3, other: 8, now }).thenNothingHappens();
  });

  it('never matches a blocked pair', () => {
    const blocked: PairEvent = { type: 'PairBlocked', data: { blockerId: 8, blockedId: 3, blockedAt: at } };
    spec.given([swiped(3, 8, 'like'), blocked]).when(swipe(8, 3, 'like')).then([swiped(8, 3, 'like')]);
  });
});

describe('a match that faded at dawn', () => {
  const pairSpec = deciderSpecification(pairDecider);
  const at = '2026-11-25T03:00:00.000Z';
  const matched: PairEvent = { type: 'MatchCreated', data: { matchId: 7, userIds: [3, 8], superLikedBy: [], createdAt: '2026-11-23T20:00:00.000Z' } };
  const fade = { type: 'Fade' as const, matchId: 7, userIds: [3, 8] as [number, number], fadedAt: at };

  it('ends as an unmatch ends it, once', () => {
    const ended: PairEvent = { type: 'MatchEnded', data: { matchId: 7, userIds: [3, 8], endedBy: null, reason: 'faded', endedAt: at } };
    pairSpec.given([matched]).when(fade).then([ended]);
    pairSpec.given([matched, ended]).when(fade).thenNothingHappens();
  });

  it('changes nothing when the match already ended, or is another one', () => {
    pairSpec.given([matched, { type: 'MatchEnded', data: { matchId: 7, userIds: [3, 8], endedBy: 3, reason: 'unmatch', endedAt: at } }]).when(fade).thenNothingHappens();
    pairSpec.given([matched]).when({ ...fade, matchId: 9 }).thenNothingHappens();
    pairSpec.given([]).when(fade).thenNothingHappens();
  });
});
