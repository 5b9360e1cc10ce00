import { defaultDeckFilters, type DeckFilters } from '@nocturne/contracts';
import { RuleViolation } from '@nocturne/platform/domain';
import { deciderSpecification } from '@nocturne/platform/testing';
import { memberDecider } from './businessLogic';
import { planInForce, type MemberEvent } from './member';

const spec = deciderSpecification(memberDecider);
const now = new Date('2026-11-23T21:00:00.000Z');
const chosen = (plan: 'free' | 'nightPass' | 'plus' | 'max', at = now, billing: 'weekly' | 'monthly' | null = null, expiresAt: string | null = null): MemberEvent => ({
  type: 'PlanChosen',
  data: { userId: 7, plan, billing, chosenAt: at.toISOString(), expiresAt },
});
const limitReason = (reason: string) => (error: unknown) => {
  expect(error).toBeInstanceOf(RuleViolation);
  expect((error as RuleViolation).details.reason).toBe(reason);
};

describe('choosing a plan (simulated, but kept)', () => {
  it('gives a Night Pass that ends 24 hours after it was chosen', () => {
    spec.given([]).when({ type: 'ChoosePlan', userId: 7, plan: 'nightPass', billing: null, now }).then([chosen('nightPass', now, null, '2026-11-24T21:00:00.000Z')]);
  });

  it('keeps Plus billing weekly unless monthly is chosen, and a change of billing is a change', () => {
    spec.given([]).when({ type: 'ChoosePlan', userId: 7, plan: 'plus', billing: null, now }).then([chosen('plus', now, 'weekly')]);
    spec.given([chosen('plus', now, 'weekly')]).when({ type: 'ChoosePlan', userId: 7, plan: 'plus', billing: 'monthly', now }).then([chosen('plus', now, 'monthly')]);
  });

  it('changes nothing when the plan chosen already applies', () => {
    spec.given([]).when({ type: 'ChoosePlan', userId: 7, plan: 'free', billing: null, now }).thenNothingHappens();
    spec.given([chosen('max')]).when({ type: 'ChoosePlan', userId: 7, plan: 'max', billing: null, now }).thenNothingHappens();
  });

  it('lets an expired Night Pass be chosen again', () => {
    const later = new Date('2026-11-25T21:00:00.000Z');
    spec.given([chosen('nightPass', now, null, '2026-11-24T21:00:00.000Z')]).when({ type: 'ChoosePlan', userId: 7, plan: 'nightPass', billing: null, now: later }).then([chosen('nightPass', later, null, '2026-11-26T21:00:00.000Z')]);
  });

  it('falls back to free once a Night Pass has run out', () => {
    const state = { plan: 'nightPass' as const, planExpiresAt: '2026-11-24T21:00:00.000Z' };
    expect(planInForce(state, new Date('2026-11-24T20:59:59.999Z'))).toBe('nightPass');
    expect(planInForce(state, new Date('2026-11-24T21:00:00.000Z'))).toBe('free');
  });
});

describe('deck filters', () => {
  const filters = (changes: Partial<DeckFilters>): DeckFilters => ({ ...defaultDeckFilters, ...changes });

  it('keeps gender, age, distance and city filters for everyone', () => {
    const wanted = filters({ gender: 'Female', ageRange: [25, 40], distance: 12, city: 'Berlin' });
    spec.given([]).when({ type: 'SetFilters', userId: 7, filters: wanted, now }).then([{ type: 'FiltersSet', data: { userId: 7, filters: wanted, setAt: now.toISOString() } }]);
  });

  it('refuses kink and interest filters without Max, naming the advanced-filters limit', () => {
    spec.given([chosen('plus', now, 'weekly')]).when({ type: 'SetFilters', userId: 7, filters: filters({ kinks: ['Rope Play'] }), now }).thenThrows(limitReason('advanced-filters'));
    spec.given([]).when({ type: 'SetFilters', userId: 7, filters: filters({ interests: ['Art'] }), now }).thenThrows(limitReason('advanced-filters'));
  });

  it('keeps kink and interest filters for Max', () => {
    const wanted = filters({ kinks: ['Rope Play'], interests: ['Art'] });
    spec.given([chosen('max')]).when({ type: 'SetFilters', userId: 7, filters: wanted, now }).then([{ type: 'FiltersSet', data: { userId: 7, filters: wanted, setAt: now.toISOString() } }]);
  });

  it('keeps voice-only matches for Max only, with the advanced filters\' prompt for the others', () => {
    const wanted = filters({ voiceOnly: true });
    spec.given([chosen('max')]).when({ type: 'SetFilters', userId: 7, filters: wanted, now }).then([{ type: 'FiltersSet', data: { userId: 7, filters: wanted, setAt: now.toISOString() } }]);
    spec.given([chosen('plus', now, 'weekly')]).when({ type: 'SetFilters', userId: 7, filters: wanted, now }).thenThrows(limitReason('advanced-filters'));
  });

  it('reads filters stored before voice-only existed as voice-only off', () => {
    const { voiceOnly: _absent, ...older } = filters({ city: 'Berlin' });
    const state = memberDecider.evolve(memberDecider.initialState(), { type: 'FiltersSet', data: { userId: 7, filters: older as DeckFilters, setAt: now.toISOString() } });
    expect(state.filters).toEqual(filters({ city: 'Berlin', voiceOnly: false }));
  });

  it('changes nothing when the filters are the same', () => {
    spec.given([]).when({ type: 'SetFilters', userId: 7, filters: defaultDeckFilters, now }).thenNothingHappens();
  });
});

describe('Moon-Boost', () => {
  const boost = (at: Date, boostId = `b-${at.toISOString()}`) => ({ type: 'StartMoonBoost' as const, userId: 7, boostId, now: at });
  const started = (at: Date, boostId = `b-${at.toISOString()}`): MemberEvent => ({
    type: 'MoonBoostStarted',
    data: { userId: 7, boostId, startedAt: at.toISOString(), endsAt: new Date(at.getTime() + 30 * 60_000).toISOString() },
  });
  const hoursLater = (hours: number) => new Date(now.getTime() + hours * 3600_000);

  it('starts a 30-minute boost for Plus and Max', () => {
    spec.given([chosen('plus', now, 'weekly')]).when(boost(now)).then([started(now)]);
    spec.given([chosen('max')]).when(boost(now)).then([started(now)]);
  });

  it('refuses the free plan and a Night Pass with the night-boost prompt', () => {
    spec.given([]).when(boost(now)).thenThrows(limitReason('night-boost'));
    spec.given([chosen('nightPass', now, null, '2026-11-24T21:00:00.000Z')]).when(boost(now)).thenThrows(limitReason('night-boost'));
  });

  it('gives Plus one a week, renewed seven days after the plan was chosen', () => {
    const plus = [chosen('plus', now, 'weekly'), started(hoursLater(1))];
    spec.given(plus).when(boost(hoursLater(24))).thenThrows(limitReason('night-boost'));
    spec.given(plus).when(boost(hoursLater(7 * 24 + 1))).then([started(hoursLater(7 * 24 + 1))]);
  });

  it('gives Max five a month, counted from the day the plan was chosen', () => {
    const five = [chosen('max'), ...[1, 2, 3, 4, 5].map((day) => started(hoursLater(day * 24)))];
    spec.given(five).when(boost(hoursLater(6 * 24))).thenThrows(limitReason('night-boost'));
    const nextMonth = new Date('2026-12-23T21:00:00.000Z');
    spec.given(five).when(boost(nextMonth)).then([started(nextMonth)]);
  });

  it('refuses a second boost while one runs', () => {
    spec.given([chosen('max'), started(now)]).when(boost(new Date(now.getTime() + 60_000))).thenThrows((error) => expect(error).toMatchObject({ code: 'CONFLICT' }));
  });
});

describe('night-owl matching and the deck opened each night', () => {
  it('keeps night-owl matching for Max only, refused like the advanced filters', () => {
    const owl = { ...defaultDeckFilters, nightOwl: true };
    spec.given([chosen('plus', now, 'weekly')]).when({ type: 'SetFilters', userId: 7, filters: owl, now }).thenThrows(limitReason('advanced-filters'));
    spec.given([chosen('max')]).when({ type: 'SetFilters', userId: 7, filters: owl, now }).then([{ type: 'FiltersSet', data: { userId: 7, filters: owl, setAt: now.toISOString() } }]);
  });

  it('notes the first deck read of a night once', () => {
    const opened: MemberEvent = { type: 'DeckOpened', data: { userId: 7, night: '2026-11-23', openedAt: now.toISOString() } };
    spec.given([]).when({ type: 'OpenDeck', userId: 7, night: '2026-11-23', now }).then([opened]);
    spec.given([opened]).when({ type: 'OpenDeck', userId: 7, night: '2026-11-23', now }).thenNothingHappens();
  });
});
