import { planAllowances, SwipeMessages, usesAdvancedFilters, type Billing, type DeckFilters, type PlanId } from '@nocturne/contracts';
import { RuleViolation, type Decider } from '@nocturne/platform/domain';
import { evolveMember, initialMember, planExpiry, planInForce, type Member, type MemberEvent } from './member';

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
export type MemberCommand = ChoosePlan | SetFilters | NotePriorityLikesShown;

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
      if (sameFilters(state.filters, command.filters)) return [];
      return [{ type: 'FiltersSet', data: { userId, filters: command.filters, setAt: now.toISOString() } }];
    }
    case 'NotePriorityLikesShown':
      if (command.likerIds.length === 0) return [];
      return [{ type: 'PriorityLikesShown', data: { userId, likerIds: [...new Set(command.likerIds)].sort((a, b) => a - b), shownAt: now.toISOString() } }];
  }
}

export const memberDecider: Decider<MemberCommand, Member, MemberEvent> = { decide: decideMember, evolve: evolveMember, initialState: initialMember };
