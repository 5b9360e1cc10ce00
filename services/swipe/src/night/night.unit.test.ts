import { planAllowances, type SwipeKind } from '@nocturne/contracts';
import { RuleViolation } from '@nocturne/platform/domain';
import { deciderSpecification } from '@nocturne/platform/testing';
import { nightDecider, type RecordSwipe } from './businessLogic';
import type { NightEvent } from './night';

const spec = deciderSpecification(nightDecider);
const now = new Date('2026-11-23T21:00:00.000Z');
const swipe = (swipedId: number, kind: SwipeKind, changes: Partial<RecordSwipe> = {}): RecordSwipe => ({
  type: 'RecordSwipe',
  swipeId: `s-${swipedId}-${kind}`,
  swiperId: 1,
  swipedId,
  kind,
  night: '2026-11-23',
  now,
  windowOpen: true,
  allowance: planAllowances.free,
  ...changes,
});
const recorded = (swipedId: number, kind: SwipeKind, priority = false): NightEvent => ({
  type: 'SwipeRecorded',
  data: { swipeId: `s-${swipedId}-${kind}`, swiperId: 1, swipedId, kind, night: '2026-11-23', swipedAt: now.toISOString(), ...(priority && { priority }) },
});
const likes = (count: number) => Array.from({ length: count }, (_, i) => recorded(100 + i, 'like'));
const refusedFor = (reason: string) => (error: unknown) => {
  expect(error).toBeInstanceOf(RuleViolation);
  expect(error).toMatchObject({ code: 'LIMIT_REACHED', details: { reason } });
};

describe('a night of swipes', () => {
  it('records likes, passes and super-likes', () => {
    spec.given([]).when(swipe(2, 'like')).then([recorded(2, 'like')]);
    spec.given([]).when(swipe(2, 'pass')).then([recorded(2, 'pass')]);
    spec.given([]).when(swipe(2, 'superlike', { allowance: planAllowances.plus })).then([recorded(2, 'superlike', true)]);
  });

  it('refuses every swipe while the window is closed', () => {
    spec.given([]).when(swipe(2, 'pass', { windowOpen: false })).thenThrows(refusedFor('window-closed'));
    spec.given([]).when(swipe(2, 'like', { windowOpen: false, allowance: planAllowances.max })).thenThrows(refusedFor('window-closed'));
  });

  it('lets a Night Pass swipe outside the window (day access)', () => {
    spec.given([]).when(swipe(2, 'pass', { windowOpen: false, allowance: planAllowances.nightPass })).then([recorded(2, 'pass')]);
  });

  it('marks likes from plans with priority likes, never a pass', () => {
    spec.given([]).when(swipe(2, 'like', { allowance: planAllowances.nightPass })).then([recorded(2, 'like', true)]);
    spec.given([]).when(swipe(2, 'superlike', { allowance: planAllowances.plus })).then([recorded(2, 'superlike', true)]);
    spec.given([]).when(swipe(2, 'pass', { allowance: planAllowances.max })).then([recorded(2, 'pass')]);
    spec.given([]).when(swipe(2, 'like')).then([recorded(2, 'like')]);
  });

  it('gives a free person 30 likes a night, then refuses with likes-limit; passes stay free', () => {
    spec.given(likes(29)).when(swipe(2, 'like')).then([recorded(2, 'like')]);
    spec.given(likes(30)).when(swipe(2, 'like')).thenThrows(refusedFor('likes-limit'));
    spec.given(likes(30)).when(swipe(2, 'pass')).then([recorded(2, 'pass')]);
  });

  it('lets paid plans like without limit', () => {
    spec.given(likes(500)).when(swipe(2, 'like', { allowance: planAllowances.nightPass })).then([recorded(2, 'like', true)]);
  });

  it('allows no super-like on the free plan and as many as the plan gives on the others', () => {
    spec.given([]).when(swipe(2, 'superlike')).thenThrows(refusedFor('super-likes-used'));
    spec.given([recorded(3, 'superlike')]).when(swipe(2, 'superlike', { allowance: planAllowances.nightPass })).thenThrows(refusedFor('super-likes-used'));
    const three = [3, 4, 5].map((id) => recorded(id, 'superlike'));
    spec.given(three.slice(0, 2)).when(swipe(2, 'superlike', { allowance: planAllowances.plus })).then([recorded(2, 'superlike', true)]);
    spec.given(three).when(swipe(2, 'superlike', { allowance: planAllowances.plus })).thenThrows(refusedFor('super-likes-used'));
    spec.given(three).when(swipe(2, 'superlike', { allowance: planAllowances.max })).then([recorded(2, 'superlike', true)]);
  });

  it('counts the same swipe on the same person once', () => {
    spec.given(likes(30)).when({ ...swipe(100, 'like'), swipeId: 'retry' }).thenNothingHappens();
    spec.given([recorded(2, 'pass')]).when(swipe(2, 'like')).then([recorded(2, 'like')]);
  });
});

describe('undoing the last pass', () => {
  const undo = (swipedId: number, at: Date = new Date(now.getTime() + 4_000)) => ({ type: 'UndoPass' as const, swiperId: 1, swipedId, night: '2026-11-23', now: at });
  const undone = (swipedId: number, at: Date = new Date(now.getTime() + 4_000)): NightEvent => ({
    type: 'PassUndone',
    data: { swipeId: `s-${swipedId}-pass`, swiperId: 1, swipedId, night: '2026-11-23', undoneAt: at.toISOString() },
  });
  const nothingToUndo = (error: unknown) => expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'There is no pass to undo' });

  it('takes back the last pass within ten seconds, by an event', () => {
    spec.given([recorded(2, 'pass')]).when(undo(2)).then([undone(2)]);
    const atTheLimit = new Date(now.getTime() + 10_000);
    spec.given([recorded(2, 'pass')]).when(undo(2, atTheLimit)).then([undone(2, atTheLimit)]);
  });

  it('refuses after ten seconds with undo-expired', () => {
    spec.given([recorded(2, 'pass')]).when(undo(2, new Date(now.getTime() + 10_001))).thenThrows(refusedFor('undo-expired'));
  });

  it('undoes a pass once', () => {
    spec.given([recorded(2, 'pass'), undone(2)]).when(undo(2)).thenThrows(nothingToUndo);
  });

  it('undoes only the latest swipe, and only a pass', () => {
    spec.given([recorded(2, 'pass'), recorded(3, 'pass')]).when(undo(2)).thenThrows(nothingToUndo);
    spec.given([recorded(2, 'pass'), recorded(3, 'like')]).when(undo(3)).thenThrows(nothingToUndo);
    spec.given([]).when(undo(2)).thenThrows(nothingToUndo);
  });

  it('records a pass on the same person again after an undo', () => {
    spec.given([recorded(2, 'pass'), undone(2)]).when({ ...swipe(2, 'pass'), swipeId: 'again' }).then([{ ...recorded(2, 'pass'), data: { ...recorded(2, 'pass').data, swipeId: 'again' } } as NightEvent]);
  });
});

describe('a long night', () => {
  // More swipes than a state copies of its own, so the earlier ones sit in the base the states share.
  const passes = Array.from({ length: 40 }, (_, i) => recorded(200 + i, 'pass'));
  const passAgain = (swipedId: number): RecordSwipe => ({ ...swipe(swipedId, 'pass'), swipeId: 'again' });
  const recordedAgain = (swipedId: number) => ({ ...recorded(swipedId, 'pass'), data: { ...recorded(swipedId, 'pass').data, swipeId: 'again' } }) as NightEvent;

  it('recognises a repeated swipe however early in the night the first one was', () => {
    for (const swipedId of [200, 215, 216, 231, 239]) spec.given(passes).when(swipe(swipedId, 'pass')).then([]);
    spec.given([recorded(2, 'like'), ...passes]).when(swipe(2, 'like')).then([]);
    spec.given(passes).when(swipe(200, 'like')).then([recorded(200, 'like')]);
    spec.given([...passes, recorded(200, 'like')]).when(swipe(200, 'like')).then([]);
  });

  it('records a pass again after its undo, however many swipes came after', () => {
    const undone: NightEvent = { type: 'PassUndone', data: { swipeId: 's-2-pass', swiperId: 1, swipedId: 2, night: '2026-11-23', undoneAt: now.toISOString() } };
    spec.given([recorded(2, 'pass'), undone, ...passes]).when(passAgain(2)).then([recordedAgain(2)]);
    spec.given([...passes, recorded(2, 'pass'), undone]).when(passAgain(2)).then([recordedAgain(2)]);
    // The pass in the shared base already, its undo among the later swipes.
    for (const before of [15, 31]) spec.given([...passes.slice(0, before), recorded(2, 'pass'), undone, ...passes.slice(before)]).when(passAgain(2)).then([recordedAgain(2)]);
  });
});
