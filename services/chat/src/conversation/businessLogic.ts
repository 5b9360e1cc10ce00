import { ChatMessages } from '@nocturne/contracts';
import { RuleViolation, type Decider } from '@nocturne/platform/domain';
import { evolveConversation, initialConversation, otherParticipant, type Conversation, type ConversationEvent, type EndReason } from './conversation';

/** The swipe context announced the match: the two may now talk. */
export interface OpenConversation {
  type: 'OpenConversation';
  matchId: number;
  userIds: [number, number];
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
export type ConversationCommand = OpenConversation | SendMessage | MarkRead | EndConversation | EraseParticipant;

/**
 * Who may use the conversation: one of its two people while the match is on. To anyone else it is no
 * match at all, as an unknown one (a match id tells a stranger nothing); an ended match reads as gone.
 */
export function assertParticipant(state: Conversation, userId: number): void {
  if (state.matchId === null || !state.userIds.includes(userId)) throw new RuleViolation('NOT_FOUND', ChatMessages.matchNotFound);
  if (state.ended || state.erased.length > 0) throw new RuleViolation('NOT_FOUND', ChatMessages.ended);
}

export function decideConversation(command: ConversationCommand, state: Conversation): ConversationEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'OpenConversation':
      if (state.matchId !== null) return [];
      return [{ type: 'ConversationOpened', data: { matchId: command.matchId, userIds: command.userIds, openedAt: at } }];
    case 'SendMessage': {
      assertParticipant(state, command.senderId);
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
  }
}

export const conversationDecider: Decider<ConversationCommand, Conversation, ConversationEvent> = { decide: decideConversation, evolve: evolveConversation, initialState: initialConversation };
