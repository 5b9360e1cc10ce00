import { ChatMessages, planAllowances, quotaNight, type PlanId } from '@nocturne/contracts';
import { RuleViolation, type Decider } from '@nocturne/platform/domain';
import { evolveChatter, initialChatter, planInForce, type Chatter, type ChatterEvent } from './chatter';

export interface RecordPlan {
  type: 'RecordPlan';
  userId: number;
  plan: PlanId;
  expiresAt: string | null;
  changedAt: string;
}
export interface RecordTimeZone {
  type: 'RecordTimeZone';
  userId: number;
  timeZone: string;
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
export type ChatterCommand = RecordPlan | RecordTimeZone | StartWriting | RecordBlock | EraseChatter;

/** The quota night of `now` on the person's clock: the local date of the last 8:00 PM. */
export const chatNight = (state: Pick<Chatter, 'timeZone'>, now: Date) => quotaNight(now, state.timeZone);

export function decideChatter(command: ChatterCommand, state: Chatter): ChatterEvent[] {
  switch (command.type) {
    case 'RecordPlan':
      if (state.erased) return [];
      return [{ type: 'ChatterPlanChanged', data: { userId: command.userId, plan: command.plan, expiresAt: command.expiresAt, changedAt: command.changedAt } }];
    case 'RecordTimeZone':
      if (state.erased || state.timeZone === command.timeZone) return [];
      return [{ type: 'ChatterTimeZoneSet', data: { userId: command.userId, timeZone: command.timeZone } }];
    case 'StartWriting': {
      const night = chatNight(state, command.now);
      const tonight = state.night?.night === night ? state.night.matchIds : [];
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
  }
}

export const chatterDecider: Decider<ChatterCommand, Chatter, ChatterEvent> = { decide: decideChatter, evolve: evolveChatter, initialState: initialChatter };
