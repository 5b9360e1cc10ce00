import { allowancePeriod, NO_ZONE_YET, planAllowances, type PlanId, type ZoneSchedule } from '@nocturne/contracts';
import type { DomainEvent } from '@nocturne/platform/domain';

/**
 * A person as the chat context knows them: the plan and the time zone the swipe and profile contexts
 * published (the night's chat quota follows both), the conversations written in tonight, and whom they
 * blocked or were blocked by. Stream `chatter-<userId>`.
 */
export const chatterStreamId = (userId: number) => `chatter-${userId}`;

export type ChatterPlanChanged = DomainEvent<'ChatterPlanChanged', { userId: number; plan: PlanId; expiresAt: string | null; changedAt: string }>;
/** Before zone changes waited for their moment: the zone applied at once. Kept so that old streams replay. */
export type ChatterTimeZoneSet = DomainEvent<'ChatterTimeZoneSet', { userId: number; timeZone: string }>;
/** The person's zone schedule after they asked for a zone (`scheduleZoneChange`): in force, and waiting. */
export type ChatterTimeZoneScheduled = DomainEvent<'ChatterTimeZoneScheduled', { userId: number; timeZone: string | null; nextTimeZone: string | null; nextFrom: string | null }>;
/** The first message of a night in one conversation: what the free plan's one active chat counts. */
export type ChatStarted = DomainEvent<'ChatStarted', { userId: number; matchId: number; night: string; startedAt: string }>;
export type ChatterBlocked = DomainEvent<'ChatterBlocked', { userId: number; otherId: number; blockedAt: string }>;
export type ChatterErased = DomainEvent<'ChatterErased', { userId: number; erasedAt: string }>;
/** A Time-Freeze token spent on a match's dawn `dawnAt` (Max's monthly allowance counts these). */
export type TimeFreezeUsed = DomainEvent<'TimeFreezeUsed', { userId: number; matchId: number; dawnAt: string; usedAt: string }>;
/** The token came back: the match could not be kept after all (it faded, or the other person kept it first). */
export type TimeFreezeReturned = DomainEvent<'TimeFreezeReturned', { userId: number; matchId: number; dawnAt: string; returnedAt: string }>;
export type ChatterEvent = ChatterPlanChanged | ChatterTimeZoneSet | ChatterTimeZoneScheduled | ChatStarted | ChatterBlocked | ChatterErased | TimeFreezeUsed | TimeFreezeReturned;

/** How many recent nights the chat quota remembers (a zone change can come back to a night's date). */
export const NIGHTS_KEPT = 3;

export interface Chatter {
  plan: PlanId;
  planExpiresAt: string | null;
  /** When the plan in force was chosen (choosing it again keeps the date): where its allowance periods start. */
  planChosenAt: string | null;
  /** Time-Freeze tokens spent, oldest first (TIME_FREEZES_KEPT of them: more than a period's allowance). */
  timeFreezes: Array<{ matchId: number; dawnAt: string; usedAt: string }>;
  /** The zone the night follows over time; UTC until the profile context says otherwise. */
  zones: ZoneSchedule;
  /** Conversations written in, per night, the latest last (NIGHTS_KEPT of them). */
  nights: Array<{ night: string; matchIds: number[] }>;
  /** People this person blocked or was blocked by, both ways hidden. */
  hidden: number[];
  erased: boolean;
}

/** Spent tokens remembered: enough to count any allowance period. */
export const TIME_FREEZES_KEPT = 32;

export const initialChatter = (): Chatter => ({ plan: 'free', planExpiresAt: null, planChosenAt: null, timeFreezes: [], zones: NO_ZONE_YET, nights: [], hidden: [], erased: false });

export function evolveChatter(state: Chatter, event: ChatterEvent): Chatter {
  switch (event.type) {
    case 'ChatterPlanChanged':
      return {
        ...state,
        plan: event.data.plan,
        planExpiresAt: event.data.expiresAt,
        planChosenAt: event.data.plan === state.plan && state.planChosenAt !== null ? state.planChosenAt : event.data.changedAt,
      };
    // An erased person's zones read as null; the erasure that follows ends the stream anyway.
    case 'ChatterTimeZoneSet':
      return event.data.timeZone ? { ...state, zones: { zone: event.data.timeZone, next: null } } : state;
    case 'ChatterTimeZoneScheduled': {
      const { timeZone, nextTimeZone, nextFrom } = event.data;
      return { ...state, zones: { zone: timeZone, next: nextTimeZone && nextFrom ? { zone: nextTimeZone, from: nextFrom } : null } };
    }
    case 'ChatStarted': {
      const { night, matchId } = event.data;
      const earlier = state.nights.find((entry) => entry.night === night);
      const others = state.nights.filter((entry) => entry !== earlier);
      return { ...state, nights: [...others, { night, matchIds: [...(earlier?.matchIds ?? []), matchId] }].slice(-NIGHTS_KEPT) };
    }
    case 'ChatterBlocked':
      return state.hidden.includes(event.data.otherId) ? state : { ...state, hidden: [...state.hidden, event.data.otherId] };
    case 'ChatterErased':
      return { ...initialChatter(), erased: true };
    case 'TimeFreezeUsed': {
      const { matchId, dawnAt, usedAt } = event.data;
      return { ...state, timeFreezes: [...state.timeFreezes, { matchId, dawnAt, usedAt }].slice(-TIME_FREEZES_KEPT) };
    }
    case 'TimeFreezeReturned':
      return { ...state, timeFreezes: state.timeFreezes.filter((used) => used.matchId !== event.data.matchId || used.dawnAt !== event.data.dawnAt) };
  }
}

/** The plan that applies at `now`: an expired Night Pass is the free plan again. */
export function planInForce(state: Pick<Chatter, 'plan' | 'planExpiresAt'>, now: Date): PlanId {
  if (state.planExpiresAt !== null && Date.parse(state.planExpiresAt) <= now.getTime()) return 'free';
  return state.plan;
}

/** The Time-Freeze allowance at `now`: null without a plan that has one. */
export function timeFreezeAllowance(state: Pick<Chatter, 'plan' | 'planExpiresAt' | 'planChosenAt' | 'timeFreezes'>, now: Date): { total: number; left: number; renewsAt: string } | null {
  const allowance = planAllowances[planInForce(state, now)].timeFreezes;
  if (!allowance || state.planChosenAt === null) return null;
  const period = allowancePeriod(new Date(state.planChosenAt), now, allowance.per);
  const used = state.timeFreezes.filter((spent) => Date.parse(spent.usedAt) >= period.start.getTime() && Date.parse(spent.usedAt) < period.end.getTime()).length;
  return { total: allowance.count, left: Math.max(0, allowance.count - used), renewsAt: period.end.toISOString() };
}
