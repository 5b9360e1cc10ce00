import { allowancePeriod, MOON_BOOST_DURATION_MS, planAllowances, SwipeMessages, usesAdvancedFilters, type Billing, type DeckFilters, type PlanId } from '@nocturne/contracts';
import { RuleViolation, type Decider } from '@nocturne/platform/domain';
import { evolveMember, initialMember, planExpiry, planInForce, type Member, type MemberEvent, type MoonBoost } from './member';

/** Simulated: no payment happens, but the choice is kept and enforced. */
export interface ChoosePlan {
  type: 'ChoosePlan';
  userId: number;
  plan: PlanId;
  billing: Billing | null;
  now: Date;
}
/** Filters arrive validated (`deckFiltersSchema`); the plan decides whether the advanced ones may be kept. */
export interface SetFilters {
  type: 'SetFilters';
  userId: number;
  filters: DeckFilters;
  now: Date;
}
/** The deck just showed these priority likes first (once each). */
export interface NotePriorityLikesShown {
  type: 'NotePriorityLikesShown';
  userId: number;
  likerIds: number[];
  now: Date;
}
/** Starts a Moon-Boost: the plan must have them, none may be running, and the period's allowance must not be spent. */
export interface StartMoonBoost {
  type: 'StartMoonBoost';
  userId: number;
  boostId: string;
  now: Date;
}
/** A deck read: the first of a quota night is noted once. */
export interface OpenDeck {
  type: 'OpenDeck';
  userId: number;
  night: string;
  now: Date;
}
export type MemberCommand = ChoosePlan | SetFilters | NotePriorityLikesShown | StartMoonBoost | OpenDeck;

/** The boost running at `now`, if any. */
export const runningBoost = (state: Pick<Member, 'boosts'>, now: Date): MoonBoost | null => state.boosts.find((boost) => Date.parse(boost.endsAt) > now.getTime() && Date.parse(boost.startedAt) <= now.getTime()) ?? null;

/** What the plan in force allows of Moon-Boosts at `now`: how many this period, how many are left, and when the period renews. */
export function boostAllowance(state: Member, now: Date): { count: number; left: number; renewsAt: string | null } {
  const allowance = planAllowances[planInForce(state, now)].moonBoosts;
  if (!allowance) return { count: 0, left: 0, renewsAt: null };
  const period = allowancePeriod(new Date(state.planChosenAt ?? now.toISOString()), now, allowance.per);
  const used = state.boosts.filter((boost) => Date.parse(boost.startedAt) >= period.start.getTime() && Date.parse(boost.startedAt) < period.end.getTime()).length;
  return { count: allowance.count, left: Math.max(0, allowance.count - used), renewsAt: period.end.toISOString() };
}

const sameFilters = (a: DeckFilters, b: DeckFilters) => JSON.stringify(a) === JSON.stringify(b);

export function decideMember(command: MemberCommand, state: Member): MemberEvent[] {
  const { userId, now } = command;
  switch (command.type) {
    case 'ChoosePlan': {
      // Only Plus has two billing periods; the others have one price.
      const billing = command.plan === 'plus' ? (command.billing ?? 'weekly') : null;
      // Choosing what already applies changes nothing (a running Night Pass is not extended by a second tap).
      if (planInForce(state, now) === command.plan && state.billing === billing) return [];
      return [{ type: 'PlanChosen', data: { userId, plan: command.plan, billing, chosenAt: now.toISOString(), expiresAt: planExpiry(command.plan, now) } }];
    }
    case 'SetFilters': {
      if (usesAdvancedFilters(command.filters) && !planAllowances[planInForce(state, now)].advancedFilters) {
        throw new RuleViolation('LIMIT_REACHED', SwipeMessages.advancedFilters, { reason: 'advanced-filters' });
      }
      // Voice-only matches and night-owl ordering are Max's, like the advanced filters (the same upgrade prompt).
      if (command.filters.voiceOnly && !planAllowances[planInForce(state, now)].voiceOnlyMatches) {
        throw new RuleViolation('LIMIT_REACHED', SwipeMessages.voiceOnly, { reason: 'advanced-filters' });
      }
      if (command.filters.nightOwl && !planAllowances[planInForce(state, now)].nightOwlMatching) {
        throw new RuleViolation('LIMIT_REACHED', SwipeMessages.nightOwlPlan, { reason: 'advanced-filters' });
      }
      if (sameFilters(state.filters, command.filters)) return [];
      return [{ type: 'FiltersSet', data: { userId, filters: command.filters, setAt: now.toISOString() } }];
    }
    case 'OpenDeck':
      if (state.deckOpenedNight === command.night) return [];
      return [{ type: 'DeckOpened', data: { userId, night: command.night, openedAt: now.toISOString() } }];
    case 'StartMoonBoost': {
      if (!planAllowances[planInForce(state, now)].moonBoosts) throw new RuleViolation('LIMIT_REACHED', SwipeMessages.moonBoostPlan, { reason: 'night-boost' });
      if (runningBoost(state, now)) throw new RuleViolation('CONFLICT', SwipeMessages.moonBoostRunning);
      if (boostAllowance(state, now).left === 0) throw new RuleViolation('LIMIT_REACHED', SwipeMessages.moonBoostsUsed, { reason: 'night-boost' });
      return [{ type: 'MoonBoostStarted', data: { userId, boostId: command.boostId, startedAt: now.toISOString(), endsAt: new Date(now.getTime() + MOON_BOOST_DURATION_MS).toISOString() } }];
    }
    case 'NotePriorityLikesShown':
      if (command.likerIds.length === 0) return [];
      return [{ type: 'PriorityLikesShown', data: { userId, likerIds: [...new Set(command.likerIds)].sort((a, b) => a - b), shownAt: now.toISOString() } }];
  }
}

export const memberDecider: Decider<MemberCommand, Member, MemberEvent> = { decide: decideMember, evolve: evolveMember, initialState: initialMember, stateWithoutPersonalData: true };
