import { ChatMessages } from '@nocturne/contracts';
import { RuleViolation, type Decider } from '@nocturne/platform/domain';
import { evolveConversation, initialConversation, otherParticipant, pendingDawn, type Conversation, type ConversationEvent, type EndReason } from './conversation';
import { dawnOfMatch, hasFaded, inLastNight, nightLonger } from './dawn';

/** The swipe context announced the match: the two may now talk, until its dawn should nobody write. */
export interface OpenConversation {
  type: 'OpenConversation';
  matchId: number;
  userIds: [number, number];
  /** When the match was made, and each person's zone in force then (in the order of `userIds`). */
  matchedAt: Date;
  zones: [string, string];
  now: Date;
}
/** `content` arrives trimmed and within the limits (parsed at the edge with the contracts' schema). */
export interface SendMessage {
  type: 'SendMessage';
  messageId: string;
  senderId: number;
  content: string;
  now: Date;
}
/** `upToSeq` null: everything so far. */
export interface MarkRead {
  type: 'MarkRead';
  readerId: number;
  upToSeq: number | null;
  now: Date;
}
export interface EndConversation {
  type: 'EndConversation';
  reason: EndReason;
  by: number;
  now: Date;
}
export interface EraseParticipant {
  type: 'EraseParticipant';
  userId: number;
  now: Date;
}
/** A Time-Freeze on the dawn `dawnAt` (the one the person saw): the match stays one night longer. The token is counted on the person's chatter stream first. */
export interface FreezeMatch {
  type: 'FreezeMatch';
  by: number;
  dawnAt: string;
  now: Date;
}
/** The due-work runner found the dawn passed: the match fades unless somebody wrote meanwhile. */
export interface FadeAtDawn {
  type: 'FadeAtDawn';
  now: Date;
}
export type ConversationCommand = OpenConversation | SendMessage | MarkRead | EndConversation | EraseParticipant | FreezeMatch | FadeAtDawn;

/**
 * Who may use the conversation: one of its two people while the match is on. To anyone else it is no
 * match at all, as an unknown one (a match id tells a stranger nothing); an ended match reads as gone.
 */
export function assertParticipant(state: Conversation, userId: number): void {
  if (state.matchId === null || !state.userIds.includes(userId)) throw new RuleViolation('NOT_FOUND', ChatMessages.matchNotFound);
  if (state.ended || state.erased.length > 0) throw new RuleViolation('NOT_FOUND', ChatMessages.ended);
}

/** As `assertParticipant`, and the dawn has not passed: a match past its dawn has faded, even before `MatchFaded` is written. */
export function assertOn(state: Conversation, userId: number, now: Date): void {
  assertParticipant(state, userId);
  const dawn = pendingDawn(state);
  if (dawn && hasFaded(dawn, now)) throw new RuleViolation('NOT_FOUND', ChatMessages.ended);
}

export function decideConversation(command: ConversationCommand, state: Conversation): ConversationEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'OpenConversation':
      if (state.matchId !== null) return [];
      return [{ type: 'ConversationOpened', data: { matchId: command.matchId, userIds: command.userIds, openedAt: at, dawn: dawnOfMatch(command.matchedAt, command.zones) } }];
    case 'SendMessage': {
      assertOn(state, command.senderId, command.now);
      const matchId = state.matchId!;
      return [{ type: 'MessageSent', data: { messageId: command.messageId, matchId, seq: state.seq + 1, senderId: command.senderId, recipientId: otherParticipant(state.userIds, command.senderId), content: command.content, sentAt: at } }];
    }
    case 'MarkRead': {
      assertParticipant(state, command.readerId);
      const upToSeq = Math.min(command.upToSeq ?? state.seq, state.seq);
      if (upToSeq <= (state.readUpTo[command.readerId] ?? 0)) return [];
      return [{ type: 'ConversationRead', data: { matchId: state.matchId!, readerId: command.readerId, upToSeq, readAt: at } }];
    }
    case 'EndConversation':
      if (state.matchId === null || state.ended) return [];
      return [{ type: 'ConversationEnded', data: { matchId: state.matchId, reason: command.reason, endedBy: command.by, endedAt: at } }];
    case 'EraseParticipant': {
      if (state.matchId === null || !state.userIds.includes(command.userId) || state.erased.includes(command.userId)) return [];
      const erased: ConversationEvent = { type: 'ParticipantErased', data: { matchId: state.matchId, userId: command.userId, erasedAt: at } };
      if (state.ended) return [erased];
      return [erased, { type: 'ConversationEnded', data: { matchId: state.matchId, reason: 'deleted', endedBy: command.userId, endedAt: at } }];
    }
    case 'FreezeMatch': {
      assertOn(state, command.by, command.now);
      const dawn = pendingDawn(state);
      if (!dawn) throw new RuleViolation('CONFLICT', ChatMessages.notFading);
      // The other person froze this dawn a moment earlier: the night is already kept.
      if (dawn.fadesAt !== command.dawnAt) return [];
      if (!inLastNight(dawn, command.now)) throw new RuleViolation('CONFLICT', ChatMessages.notFading);
      return [{ type: 'MatchFrozen', data: { matchId: state.matchId!, frozenBy: command.by, frozenDawn: dawn.fadesAt, dawn: nightLonger(dawn), frozenAt: at } }];
    }
    case 'FadeAtDawn': {
      const dawn = pendingDawn(state);
      if (state.matchId === null || state.ended || !dawn || !hasFaded(dawn, command.now)) return [];
      return [{ type: 'MatchFaded', data: { matchId: state.matchId, userIds: [state.userIds[0]!, state.userIds[1]!], dawnAt: dawn.fadesAt, fadedAt: at } }];
    }
  }
}

export const conversationDecider: Decider<ConversationCommand, Conversation, ConversationEvent> = { decide: decideConversation, evolve: evolveConversation, initialState: initialConversation, stateWithoutPersonalData: true };
