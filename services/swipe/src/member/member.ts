import { defaultDeckFilters, NIGHT_PASS_DURATION_MS, type Billing, type DeckFilters, type PlanId } from '@nocturne/contracts';
import type { DomainEvent } from '@nocturne/platform/domain';

/** A person as a member of the swipe context: their plan and their deck filters. Stream `member-<userId>`. */
export const memberStreamId = (userId: number) => `member-${userId}`;

export type PlanChosen = DomainEvent<'PlanChosen', { userId: number; plan: PlanId; billing: Billing | null; chosenAt: string; expiresAt: string | null }>;
export type FiltersSet = DomainEvent<'FiltersSet', { userId: number; filters: DeckFilters; setAt: string }>;
/** The member's deck showed these likers' priority likes first: from now on their cards take the usual order. */
export type PriorityLikesShown = DomainEvent<'PriorityLikesShown', { userId: number; likerIds: number[]; shownAt: string }>;
/** 30 minutes first in nearby decks (`MOON_BOOST_DURATION_MS`), one of the plan's allowance. */
export type MoonBoostStarted = DomainEvent<'MoonBoostStarted', { userId: number; boostId: string; startedAt: string; endsAt: string }>;
/** The member's first deck read of a quota night: "Who's awake" orders them first in their band tonight. */
export type DeckOpened = DomainEvent<'DeckOpened', { userId: number; night: string; openedAt: string }>;
export type MemberEvent = PlanChosen | FiltersSet | PriorityLikesShown | MoonBoostStarted | DeckOpened;

export interface MoonBoost {
  boostId: string;
  startedAt: string;
  endsAt: string;
}

export interface Member {
  plan: PlanId;
  billing: Billing | null;
  /** When the chosen plan stops (a Night Pass, 24 hours after it was chosen); null: until changed. */
  planExpiresAt: string | null;
  /** When the plan was chosen: its allowance periods (Moon-Boosts) count from here. */
  planChosenAt: string | null;
  filters: DeckFilters;
  /** Moon-Boosts started, oldest first. */
  boosts: MoonBoost[];
  /** The quota night of the last `DeckOpened`. */
  deckOpenedNight: string | null;
}

export const initialMember = (): Member => ({ plan: 'free', billing: null, planExpiresAt: null, planChosenAt: null, filters: defaultDeckFilters, boosts: [], deckOpenedNight: null });

export function evolveMember(state: Member, event: MemberEvent): Member {
  switch (event.type) {
    case 'PlanChosen':
      return { ...state, plan: event.data.plan, billing: event.data.billing, planExpiresAt: event.data.expiresAt, planChosenAt: event.data.chosenAt };
    case 'FiltersSet':
      // Filters stored before an option existed take its default.
      return { ...state, filters: { ...defaultDeckFilters, ...event.data.filters } };
    case 'PriorityLikesShown':
      return state;
    case 'DeckOpened':
      return { ...state, deckOpenedNight: event.data.night };
    case 'MoonBoostStarted': {
      const { boostId, startedAt, endsAt } = event.data;
      return { ...state, boosts: [...state.boosts, { boostId, startedAt, endsAt }] };
    }
  }
}

/** The plan that applies at `now`: an expired Night Pass is the free plan again. */
export function planInForce(state: Pick<Member, 'plan' | 'planExpiresAt'>, now: Date): PlanId {
  if (state.planExpiresAt !== null && Date.parse(state.planExpiresAt) <= now.getTime()) return 'free';
  return state.plan;
}

export const planExpiry = (plan: PlanId, chosenAt: Date): string | null => (plan === 'nightPass' ? new Date(chosenAt.getTime() + NIGHT_PASS_DURATION_MS).toISOString() : null);
