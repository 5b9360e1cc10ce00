import { assign, fromPromise, setup } from 'xstate';
import { HttpError } from '../../api/http';
import { limitReasonOf } from '../../api/limitReason';
import { fetchMoonBoost, startMoonBoost, type MoonBoostAnswer } from '../../api/swipe';
import { toast, type ToastInput } from '../../toast/toastStore';

export const BOOST_FAILED: ToastInput = { title: 'Error', description: 'The Moon-Boost could not be started', variant: 'destructive' };

/**
 * The deck's Moon-Boost button: what the server says of the person's boosts, starting one, the
 * 'night-boost' prompt when the plan has none (or none left), and a fresh look when a boost ends (how many
 * people saw the card).
 */
export const moonBoostMachine = setup({
  types: {
    context: {} as { boost: MoonBoostAnswer | null },
    events: {} as { type: 'START' } | { type: 'CLOSE_PROMPT' } | { type: 'PLAN_CHANGED' },
  },
  actors: {
    load: fromPromise<MoonBoostAnswer>(() => fetchMoonBoost()),
    start: fromPromise<MoonBoostAnswer>(() => startMoonBoost()),
  },
  guards: {
    running: ({ context }) => context.boost?.active != null,
    noneLeft: ({ context }) => context.boost !== null && context.boost.left === 0,
    refusedByPlan: (_, params: { error: unknown }) => limitReasonOf(params.error) === 'night-boost',
    alreadyRunning: (_, params: { error: unknown }) => params.error instanceof HttpError && params.error.status === 409,
  },
  actions: {
    notify: (_, params: ToastInput) => {
      toast(params);
    },
    store: assign((_, params: { boost: MoonBoostAnswer }) => ({ boost: params.boost })),
  },
  delays: {
    untilBoostEnds: ({ context }) => Math.max(1000, Date.parse(context.boost?.active?.endsAt ?? '') - Date.now() + 1000) || 60_000,
  },
}).createMachine({
  id: 'moonBoost',
  context: { boost: null },
  initial: 'loading',
  on: { PLAN_CHANGED: { target: '.loading' } },
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'settled', actions: { type: 'store', params: ({ event }) => ({ boost: event.output }) } },
        onError: { target: 'idle' },
      },
    },
    settled: {
      always: [{ guard: 'running', target: 'boosting' }, { target: 'idle' }],
    },
    idle: {
      on: {
        START: [{ guard: 'noneLeft', target: 'prompt' }, { target: 'starting' }],
      },
    },
    starting: {
      invoke: {
        src: 'start',
        onDone: { target: 'settled', actions: { type: 'store', params: ({ event }) => ({ boost: event.output }) } },
        onError: [
          { guard: { type: 'refusedByPlan', params: ({ event }) => ({ error: event.error }) }, target: 'prompt' },
          { guard: { type: 'alreadyRunning', params: ({ event }) => ({ error: event.error }) }, target: 'loading' },
          { target: 'idle', actions: { type: 'notify', params: BOOST_FAILED } },
        ],
      },
    },
    boosting: {
      // When it ends, the server says how many people saw the card.
      after: { untilBoostEnds: { target: 'loading' } },
    },
    prompt: {
      on: { CLOSE_PROMPT: { target: 'loading' } },
    },
  },
});
