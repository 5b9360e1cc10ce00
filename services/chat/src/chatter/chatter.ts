import type { PlanId } from '@nocturne/contracts';
import type { DomainEvent } from '@nocturne/platform/domain';

/**
 * A person as the chat context knows them: the plan and the time zone the swipe and profile contexts
 * published (the night's chat quota follows both), the conversations written in tonight, and whom they
 * blocked or were blocked by. Stream `chatter-<userId>`.
 */
export const chatterStreamId = (userId: number) => `chatter-${userId}`;

export type ChatterPlanChanged = DomainEvent<'ChatterPlanChanged', { userId: number; plan: PlanId; expiresAt: string | null; changedAt: string }>;
export type ChatterTimeZoneSet = DomainEvent<'ChatterTimeZoneSet', { userId: number; timeZone: string }>;
/** The first message of a night in one conversation: what the free plan's one active chat counts. */
export type ChatStarted = DomainEvent<'ChatStarted', { userId: number; matchId: number; night: string; startedAt: string }>;
export type ChatterBlocked = DomainEvent<'ChatterBlocked', { userId: number; otherId: number; blockedAt: string }>;
export type ChatterErased = DomainEvent<'ChatterErased', { userId: number; erasedAt: string }>;
export type ChatterEvent = ChatterPlanChanged | ChatterTimeZoneSet | ChatStarted | ChatterBlocked | ChatterErased;

export interface Chatter {
  plan: PlanId;
  planExpiresAt: string | null;
  /** The zone the night follows; UTC until the profile context says otherwise. */
  timeZone: string;
  /** Conversations written in, for the latest night only. */
  night: { night: string; matchIds: number[] } | null;
  /** People this person blocked or was blocked by, both ways hidden. */
  hidden: number[];
  erased: boolean;
}

export const initialChatter = (): Chatter => ({ plan: 'free', planExpiresAt: null, timeZone: 'UTC', night: null, hidden: [], erased: false });

export function evolveChatter(state: Chatter, event: ChatterEvent): Chatter {
  switch (event.type) {
    case 'ChatterPlanChanged':
      return { ...state, plan: event.data.plan, planExpiresAt: event.data.expiresAt };
    case 'ChatterTimeZoneSet':
      // An erased person's zone reads as null; the erasure that follows ends the stream anyway.
      return event.data.timeZone ? { ...state, timeZone: event.data.timeZone } : state;
    case 'ChatStarted': {
      const { night, matchId } = event.data;
      const matchIds = state.night?.night === night ? [...state.night.matchIds, matchId] : [matchId];
      return { ...state, night: { night, matchIds } };
    }
    case 'ChatterBlocked':
      return state.hidden.includes(event.data.otherId) ? state : { ...state, hidden: [...state.hidden, event.data.otherId] };
    case 'ChatterErased':
      return { ...initialChatter(), erased: true };
  }
}

/** The plan that applies at `now`: an expired Night Pass is the free plan again. */
export function planInForce(state: Pick<Chatter, 'plan' | 'planExpiresAt'>, now: Date): PlanId {
  if (state.planExpiresAt !== null && Date.parse(state.planExpiresAt) <= now.getTime()) return 'free';
  return state.plan;
}
