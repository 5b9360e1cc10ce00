import { ChatMessages, planAllowances, quotaNight, scheduleZoneChange, zoneInForce, type PlanId } from '@nocturne/contracts';
import { RuleViolation, type Decider } from '@nocturne/platform/domain';
import { evolveChatter, initialChatter, planInForce, timeFreezeAllowance, type Chatter, type ChatterEvent } from './chatter';

export interface RecordPlan {
  type: 'RecordPlan';
  userId: number;
  plan: PlanId;
  expiresAt: string | null;
  changedAt: string;
}
/** The zone the person asked for at `requestedAt` (ISO): it waits for its moment (`scheduleZoneChange`). */
export interface RecordTimeZone {
  type: 'RecordTimeZone';
  userId: number;
  timeZone: string;
  requestedAt: string;
}
/** Before a message goes out: counts the conversation against the night's quota, or refuses it. */
export interface StartWriting {
  type: 'StartWriting';
  userId: number;
  matchId: number;
  now: Date;
}
export interface RecordBlock {
  type: 'RecordBlock';
  userId: number;
  otherId: number;
  blockedAt: string;
}
export interface EraseChatter {
  type: 'EraseChatter';
  userId: number;
  now: Date;
}
/** Spends a Time-Freeze token on the dawn `dawnAt` of a match; the same dawn twice spends one. */
export interface UseTimeFreeze {
  type: 'UseTimeFreeze';
  userId: number;
  matchId: number;
  dawnAt: string;
  now: Date;
}
export interface ReturnTimeFreeze {
  type: 'ReturnTimeFreeze';
  userId: number;
  matchId: number;
  dawnAt: string;
  now: Date;
}
export type ChatterCommand = RecordPlan | RecordTimeZone | StartWriting | RecordBlock | EraseChatter | UseTimeFreeze | ReturnTimeFreeze;

/** The quota night of `now` on the person's clock (the zone in force then): the local date of the last 8:00 PM. */
export const chatNight = (state: Pick<Chatter, 'zones'>, now: Date) => quotaNight(now, zoneInForce(state.zones, now));

/** Conversations the person started writing in during the quota night of `now`. */
const startedTonight = (state: Pick<Chatter, 'zones' | 'nights'>, now: Date) => state.nights.find((entry) => entry.night === chatNight(state, now))?.matchIds ?? [];

export function decideChatter(command: ChatterCommand, state: Chatter): ChatterEvent[] {
  switch (command.type) {
    case 'RecordPlan':
      if (state.erased) return [];
      return [{ type: 'ChatterPlanChanged', data: { userId: command.userId, plan: command.plan, expiresAt: command.expiresAt, changedAt: command.changedAt } }];
    case 'RecordTimeZone': {
      if (state.erased) return [];
      const at = new Date(command.requestedAt);
      const zones = scheduleZoneChange(state.zones, command.timeZone, at, startedTonight(state, at).length > 0);
      if (JSON.stringify(zones) === JSON.stringify(state.zones)) return [];
      return [{ type: 'ChatterTimeZoneScheduled', data: { userId: command.userId, timeZone: zones.zone, nextTimeZone: zones.next?.zone ?? null, nextFrom: zones.next?.from ?? null } }];
    }
    case 'StartWriting': {
      const night = chatNight(state, command.now);
      const tonight = startedTonight(state, command.now);
      if (tonight.includes(command.matchId)) return [];
      const allowed = planAllowances[planInForce(state, command.now)].activeChatsPerNight;
      if (allowed !== null && tonight.length >= allowed) throw new RuleViolation('LIMIT_REACHED', ChatMessages.chatLimit, { reason: 'chat-limit' });
      return [{ type: 'ChatStarted', data: { userId: command.userId, matchId: command.matchId, night, startedAt: command.now.toISOString() } }];
    }
    case 'RecordBlock':
      if (state.erased || state.hidden.includes(command.otherId)) return [];
      return [{ type: 'ChatterBlocked', data: { userId: command.userId, otherId: command.otherId, blockedAt: command.blockedAt } }];
    case 'EraseChatter':
      if (state.erased) return [];
      return [{ type: 'ChatterErased', data: { userId: command.userId, erasedAt: command.now.toISOString() } }];
    case 'UseTimeFreeze': {
      const { userId, matchId, dawnAt, now } = command;
      if (state.timeFreezes.some((spent) => spent.matchId === matchId && spent.dawnAt === dawnAt)) return [];
      const allowance = timeFreezeAllowance(state, now);
      if (!allowance) throw new RuleViolation('LIMIT_REACHED', ChatMessages.timeFreezeMax, { reason: 'time-freeze' });
      if (allowance.left === 0) throw new RuleViolation('LIMIT_REACHED', ChatMessages.timeFreezesUsed, { reason: 'time-freeze' });
      return [{ type: 'TimeFreezeUsed', data: { userId, matchId, dawnAt, usedAt: now.toISOString() } }];
    }
    case 'ReturnTimeFreeze':
      if (!state.timeFreezes.some((spent) => spent.matchId === command.matchId && spent.dawnAt === command.dawnAt)) return [];
      return [{ type: 'TimeFreezeReturned', data: { userId: command.userId, matchId: command.matchId, dawnAt: command.dawnAt, returnedAt: command.now.toISOString() } }];
  }
}

export const chatterDecider: Decider<ChatterCommand, Chatter, ChatterEvent> = { decide: decideChatter, evolve: evolveChatter, initialState: initialChatter };
