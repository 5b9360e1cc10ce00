import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { deckFiltersSchema, defaultDeckFilters, FilterLimits, type DeckFilters } from '@nocturne/contracts';
import { serverError } from '../../api/http';
import { limitReasonOf } from '../../api/limitReason';
import { fetchDeckFilters, saveDeckFilters } from '../../api/swipe';

export interface DeckFiltersContext {
  filters: DeckFilters;
  /** Why the last 'Apply Filters' was refused, in the server's words. */
  failure?: string;
}

export type DeckFiltersEvent =
  | { type: 'CHANGE'; patch: Partial<DeckFilters> }
  | { type: 'SET_AGE'; end: 'min' | 'max'; age: number }
  | { type: 'TOGGLE'; list: 'kinks' | 'interests'; item: string }
  | { type: 'CLEAR' }
  | { type: 'APPLY' }
  | { type: 'RETRY' };

export const FILTERS_SAVE_FAILED = 'Failed to save your filters. Please try again.';

/** Keeps the two ends of the age range in order: moving one past the other pushes it along. */
export function withAge(range: readonly [number, number], end: 'min' | 'max', age: number): [number, number] {
  const clamped = Math.min(FilterLimits.ageMax, Math.max(FilterLimits.ageMin, Math.round(age)));
  return end === 'min' ? [clamped, Math.max(clamped, range[1])] : [Math.min(range[0], clamped), clamped];
}

const toggled = (list: readonly string[], item: string) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

/**
 * The 'Filter Your Matches' dialog: loaded from and stored on the server (decisions.md). A refusal for
 * the advanced filters (kinks, interests without Max) asks for the upgrade prompt instead of failing.
 */
export const deckFiltersMachine = setup({
  types: {
    context: {} as DeckFiltersContext,
    events: {} as DeckFiltersEvent,
    output: {} as { filters: DeckFilters },
  },
  actors: {
    loadFilters: fromPromise<DeckFilters>(() => fetchDeckFilters()),
    saveFilters: fromPromise<DeckFilters, DeckFilters>(({ input }) => saveDeckFilters(input)),
  },
  actions: {
    // The component opens the upgrade prompt (advanced-filters, suggested plan Max).
    askForUpgrade: () => {},
  },
  guards: {
    valid: ({ context }) => deckFiltersSchema.safeParse(context.filters).success,
    refusedForMax: (_, params: { error: unknown }) => limitReasonOf(params.error) === 'advanced-filters',
  },
}).createMachine({
  id: 'deckFilters',
  initial: 'loading',
  context: { filters: defaultDeckFilters },
  output: ({ context }) => ({ filters: context.filters }),
  states: {
    loading: {
      invoke: {
        src: 'loadFilters',
        onDone: { target: 'editing', actions: assign({ filters: ({ event }) => event.output }) },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      on: { RETRY: { target: 'loading' } },
    },
    editing: {
      on: {
        CHANGE: { actions: assign({ filters: ({ context, event }) => ({ ...context.filters, ...event.patch }), failure: undefined }) },
        SET_AGE: {
          actions: assign({
            filters: ({ context, event }) => {
              assertEvent(event, 'SET_AGE');
              return { ...context.filters, ageRange: withAge(context.filters.ageRange, event.end, event.age) };
            },
            failure: undefined,
          }),
        },
        TOGGLE: {
          actions: assign({
            filters: ({ context, event }) => {
              assertEvent(event, 'TOGGLE');
              return { ...context.filters, [event.list]: toggled(context.filters[event.list], event.item) };
            },
            failure: undefined,
          }),
        },
        CLEAR: { actions: assign({ filters: defaultDeckFilters, failure: undefined }) },
        APPLY: [
          { guard: 'valid', target: 'saving' },
          { actions: assign({ failure: ({ context }) => deckFiltersSchema.safeParse(context.filters).error?.issues[0]?.message }) },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'saveFilters',
        input: ({ context }) => deckFiltersSchema.parse(context.filters),
        onDone: { target: 'applied', actions: assign({ filters: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'refusedForMax', params: ({ event }) => ({ error: event.error }) }, target: 'editing', actions: 'askForUpgrade' },
          { target: 'editing', actions: assign({ failure: ({ event }) => serverError(event.error)?.message ?? FILTERS_SAVE_FAILED }) },
        ],
      },
    },
    applied: { type: 'final' },
  },
});
