import { createActor, fromPromise, waitFor } from 'xstate';
import { defaultDeckFilters, SwipeMessages, type DeckFilters } from '@nocturne/contracts';
import { HttpError } from '../../api/http';
import { deckFiltersMachine, FILTERS_SAVE_FAILED, withAge } from './deckFiltersMachine';

const stored: DeckFilters = { ...defaultDeckFilters, gender: 'Female', ageRange: [25, 40], distance: 20 };

function start(save: (filters: DeckFilters) => Promise<DeckFilters>, load: () => Promise<DeckFilters> = async () => stored) {
  const askForUpgrade = jest.fn();
  const saved = jest.fn(save);
  const actor = createActor(
    deckFiltersMachine.provide({
      actors: { loadFilters: fromPromise(load), saveFilters: fromPromise(({ input }) => saved(input)) },
      actions: { askForUpgrade },
    }),
  ).start();
  return { actor, askForUpgrade, saved };
}

describe('deckFiltersMachine', () => {
  it('starts from the filters the server keeps', async () => {
    const { actor } = start(async (f) => f);
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.filters).toEqual(stored);
  });

  it("stores the edited filters on 'Apply Filters' and ends with them", async () => {
    const { actor, saved } = start(async (f) => f);
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CHANGE', patch: { gender: 'all', distance: 120, city: ' Berlin ' } });
    actor.send({ type: 'SET_AGE', end: 'max', age: 70 });
    actor.send({ type: 'APPLY' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(saved).toHaveBeenCalledWith({ ...stored, gender: 'all', distance: 120, city: 'Berlin', ageRange: [25, 70] });
    expect(actor.getSnapshot().output?.filters.city).toBe('Berlin');
  });

  it("'Clear All' goes back to the defaults: all genders, 18 to 60, 50 km", async () => {
    const { actor } = start(async (f) => f);
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'TOGGLE', list: 'kinks', item: 'Rope Play' });
    actor.send({ type: 'CLEAR' });
    expect(actor.getSnapshot().context.filters).toEqual({ gender: 'all', ageRange: [18, 60], distance: 50, city: '', kinks: [], interests: [], voiceOnly: false, nightOwl: false });
  });

  it('asks for the upgrade when the server keeps the advanced filters for Max', async () => {
    const { actor, askForUpgrade } = start(async () => {
      throw new HttpError(403, JSON.stringify({ error: SwipeMessages.advancedFilters, code: 'advanced-filters' }), '');
    });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'TOGGLE', list: 'interests', item: 'Art' });
    actor.send({ type: 'APPLY' });
    await waitFor(actor, () => askForUpgrade.mock.calls.length > 0);
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.filters.interests).toEqual(['Art']);
  });

  it('shows why another refusal happened and stays open', async () => {
    const { actor } = start(async () => {
      throw new TypeError('Failed to fetch');
    });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'APPLY' });
    await waitFor(actor, (s) => s.context.failure !== undefined);
    expect(actor.getSnapshot().context.failure).toBe(FILTERS_SAVE_FAILED);
  });

  it('refuses a city longer than the rule allows without calling the server', async () => {
    const { actor, saved } = start(async (f) => f);
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CHANGE', patch: { city: 'x'.repeat(81) } });
    actor.send({ type: 'APPLY' });
    expect(actor.getSnapshot().context.failure).toBe(SwipeMessages.city);
    expect(saved).not.toHaveBeenCalled();
  });

  it('lets the person try again when the filters could not be loaded', async () => {
    let attempts = 0;
    const { actor } = start(
      async (f) => f,
      async () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return stored;
      },
    );
    await waitFor(actor, (s) => s.matches('loadFailed'));
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('editing'));
  });
});

describe('withAge', () => {
  it('keeps the range in order and within 18 to 80', () => {
    expect(withAge([18, 60], 'min', 65)).toEqual([65, 65]);
    expect(withAge([30, 60], 'max', 20)).toEqual([20, 20]);
    expect(withAge([18, 60], 'max', 95)).toEqual([18, 80]);
    expect(withAge([18, 60], 'min', 10)).toEqual([18, 60]);
  });
});
