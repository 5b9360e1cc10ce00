import type { DomainEvent } from '@nocturne/platform/domain';
import type { Dawn } from './dawn';

/**
 * The conversation of one match: the consistency boundary of its messages, read markers and end.
 * Each message takes the next sequence number, the cursor of the history and of read markers. A pair
 * of people matches at most once, so the conversation is keyed by the pair, as the swipe context keys
 * its pair (`conversation-<lower id>-<higher id>`); the match id is what callers name it by.
 */
export const conversationKey = (userIds: readonly number[]) => `${Math.min(...userIds)}-${Math.max(...userIds)}`;
export const conversationStreamId = (userIds: readonly number[]) => `conversation-${conversationKey(userIds)}`;
export const conversationKeyOfStream = (streamId: string) => streamId.slice('conversation-'.length);

/** `faded`: the dawn rule, nobody having written (`MatchFaded`). */
export type EndReason = 'unmatch' | 'block' | 'deleted' | 'faded';

/** `dawn`: when it fades should nobody write (absent on conversations opened before the dawn rule: they never fade). */
export type ConversationOpened = DomainEvent<'ConversationOpened', { matchId: number; userIds: [number, number]; openedAt: string; dawn?: Dawn }>;
/** `content` is personal: encrypted with the sender's key, unreadable once the sender is erased. */
export type MessageSent = DomainEvent<'MessageSent', { messageId: string; matchId: number; seq: number; senderId: number; recipientId: number; content: string; sentAt: string }>;
export type ConversationRead = DomainEvent<'ConversationRead', { matchId: number; readerId: number; upToSeq: number; readAt: string }>;
export type ConversationEnded = DomainEvent<'ConversationEnded', { matchId: number; reason: EndReason; endedBy: number; endedAt: string }>;
/** One of the two spent a Time-Freeze token on the fading match: `dawn` is its new one, a night later. */
export type MatchFrozen = DomainEvent<'MatchFrozen', { matchId: number; frozenBy: number; frozenDawn: string; dawn: Dawn; frozenAt: string }>;
/** Nobody wrote before its dawn: the match is over for both (what was written stays; here, nothing was). */
export type MatchFaded = DomainEvent<'MatchFaded', { matchId: number; userIds: [number, number]; dawnAt: string; fadedAt: string }>;
/** One of the two deleted their account: their messages are gone, the other sees the account was deleted. */
export type ParticipantErased = DomainEvent<'ParticipantErased', { matchId: number; userId: number; erasedAt: string }>;
export type ConversationEvent = ConversationOpened | MessageSent | ConversationRead | ConversationEnded | ParticipantErased | MatchFrozen | MatchFaded;

export interface Conversation {
  matchId: number | null;
  userIds: number[];
  /** The last message's sequence number; 0 before the first. */
  seq: number;
  readUpTo: Record<number, number>;
  ended: { reason: EndReason; at: string } | null;
  erased: number[];
  /** When it fades while nobody has written; null for conversations older than the dawn rule. */
  dawn: Dawn | null;
  /** Who kept which dawn with a Time-Freeze. */
  freezes: Array<{ by: number; frozenDawn: string }>;
}

export const initialConversation = (): Conversation => ({ matchId: null, userIds: [], seq: 0, readUpTo: {}, ended: null, erased: [], dawn: null, freezes: [] });

export function evolveConversation(state: Conversation, event: ConversationEvent): Conversation {
  switch (event.type) {
    case 'ConversationOpened':
      return { ...state, matchId: event.data.matchId, userIds: [...event.data.userIds], dawn: event.data.dawn ?? null };
    case 'MessageSent':
      return { ...state, seq: event.data.seq };
    case 'ConversationRead':
      return { ...state, readUpTo: { ...state.readUpTo, [event.data.readerId]: event.data.upToSeq } };
    case 'ConversationEnded':
      return { ...state, ended: { reason: event.data.reason, at: event.data.endedAt } };
    case 'MatchFrozen':
      return { ...state, dawn: event.data.dawn, freezes: [...state.freezes, { by: event.data.frozenBy, frozenDawn: event.data.frozenDawn }] };
    case 'MatchFaded':
      return { ...state, ended: { reason: 'faded', at: event.data.fadedAt } };
    case 'ParticipantErased':
      return { ...state, erased: state.erased.includes(event.data.userId) ? state.erased : [...state.erased, event.data.userId] };
  }
}

/** The dawn that still applies: none once anybody wrote. */
export const pendingDawn = (state: Pick<Conversation, 'seq' | 'dawn'>): Dawn | null => (state.seq === 0 ? state.dawn : null);

export const otherParticipant = (userIds: readonly number[], userId: number): number => userIds.find((id) => id !== userId) ?? userId;
