import { createActor, fromPromise, waitFor } from 'xstate';
import { HttpError } from '../../api/http';
import type { MoonBoostAnswer } from '../../api/swipe';
import { moonBoostMachine } from './moonBoostMachine';

const none: MoonBoostAnswer = { active: null, allowance: 0, left: 0, renewsAt: null, last: null };
const plus: MoonBoostAnswer = { active: null, allowance: 1, left: 1, renewsAt: '2026-12-01T21:00:00.000Z', last: null };
const running = (endsAt: string): MoonBoostAnswer => ({ ...plus, left: 0, active: { startedAt: new Date().toISOString(), endsAt } });

function start(load: () => Promise<MoonBoostAnswer>, boost: () => Promise<MoonBoostAnswer> = async () => running(new Date(Date.now() + 30 * 60_000).toISOString())) {
  const loads = jest.fn(load);
  const starts = jest.fn(boost);
  const actor = createActor(moonBoostMachine.provide({ actors: { load: fromPromise(() => loads()), start: fromPromise(() => starts()) }, actions: { notify: jest.fn() } })).start();
  return { actor, loads, starts, settle: (state: 'idle' | 'boosting' | 'prompt') => waitFor(actor, (s) => s.matches(state)) };
}

describe('moonBoostMachine', () => {
  it('opens the night-boost prompt without asking the server when the plan has no boost left', async () => {
    const { actor, starts, settle } = start(async () => none);
    await settle('idle');
    actor.send({ type: 'START' });
    expect(actor.getSnapshot().matches('prompt')).toBe(true);
    expect(starts).not.toHaveBeenCalled();
  });

  it('starts a boost and counts down while it runs', async () => {
    const { actor, settle } = start(async () => plus);
    await settle('idle');
    actor.send({ type: 'START' });
    await settle('boosting');
    expect(actor.getSnapshot().context.boost?.active).not.toBeNull();
  });

  it('opens the prompt when the server refuses with night-boost, and looks again once it closes', async () => {
    const refused = new HttpError(403, JSON.stringify({ error: 'No Moon-Boosts left until your plan renews', code: 'night-boost' }), '');
    const { actor, loads, settle } = start(async () => plus, async () => Promise.reject(refused));
    await settle('idle');
    actor.send({ type: 'START' });
    await settle('prompt');
    actor.send({ type: 'CLOSE_PROMPT' });
    await settle('idle');
    expect(loads).toHaveBeenCalledTimes(2);
  });

  it('asks again when the boost ends, to learn how many people saw the card', async () => {
    jest.useFakeTimers();
    try {
      let answer = running(new Date(Date.now() + 60_000).toISOString());
      const { actor, loads } = start(async () => answer);
      await jest.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches('boosting')).toBe(true);
      answer = { ...plus, left: 0, last: { startedAt: '', endsAt: '', viewers: 4 } };
      await jest.advanceTimersByTimeAsync(62_000);
      expect(loads).toHaveBeenCalledTimes(2);
      expect(actor.getSnapshot().context.boost?.last?.viewers).toBe(4);
      expect(actor.getSnapshot().matches('idle')).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
