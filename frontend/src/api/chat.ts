import type { ChatMessage, MessagePage, TimeFreezeAnswer } from '@nocturne/contracts/api';
import { requestJson } from './http';

export type { ChatMessage, MessagePage } from '@nocturne/contracts/api';

export interface ConversationSummary {
  matchId: number;
  createdAt: string;
  otherUser: { id: number; name: string; photo: string; isOnline: boolean };
  unreadCount: number;
  lastMessage: { content: string; senderId: number; createdAt: string } | null;
  /** The other person's read marker, on plans with read receipts; null otherwise. */
  otherReadUpTo: number | null;
  otherDeleted: boolean;
  /** The last message's time, else the match's: the list's order. */
  lastActivityAt: string;
  /** In its last night with nobody having written: marked "fades at dawn", and a Time-Freeze may keep it. */
  fadesAtDawn: boolean;
}

/** A GraphQL call's refusal: its message and code (`FORBIDDEN`, `NOT_FOUND`, ...). */
export class GraphqlError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'GraphqlError';
  }
}

export async function graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const answer = await requestJson<{ data?: T | null; errors?: Array<{ message: string; extensions?: { code?: string } }> }>('POST', '/graphql', { query, variables });
  const error = answer.errors?.[0];
  if (error || !answer.data) throw new GraphqlError(error?.message ?? 'No answer', error?.extensions?.code);
  return answer.data;
}

interface ConversationRow {
  matchId: number;
  unreadCount: number;
  lastMessage: { content: string; senderId: number; createdAt: string } | null;
  otherReadUpTo: number | null;
  otherDeleted: boolean;
  lastActivityAt: string;
  fadesAtDawn: boolean;
  match: { createdAt: string; otherUser: { id: number; name: string; avatarUrl: string; isOnline: boolean } } | null;
}

/** Your matches with their conversations, the latest activity first, in the server's order (one query through the gateway). */
export async function fetchConversations(): Promise<ConversationSummary[]> {
  const data = await graphql<{ conversations: ConversationRow[] }>(
    '{ conversations { matchId unreadCount otherReadUpTo otherDeleted lastActivityAt fadesAtDawn lastMessage { content senderId createdAt } match { createdAt otherUser { id name avatarUrl isOnline } } } }',
  );
  return data.conversations.flatMap(({ match, ...conversation }) =>
    // A match that ended while the list was read has no match left: it leaves the list.
    match
      ? [
          {
            ...conversation,
            createdAt: match.createdAt,
            otherUser: { id: match.otherUser.id, name: match.otherUser.name, photo: match.otherUser.avatarUrl, isOnline: match.otherUser.isOnline },
          },
        ]
      : [],
  );
}

/** Whether the other person of a match deleted their account (the match is gone from your list then). */
export async function otherDeleted(matchId: number): Promise<boolean> {
  try {
    return (await graphql<{ conversation: { otherDeleted: boolean } }>('query Conversation($m: Int!) { conversation(matchId: $m) { otherDeleted } }', { m: matchId })).conversation.otherDeleted;
  } catch {
    return false;
  }
}

export const fetchMessages = (matchId: number, page: { before?: string; after?: number } = {}) =>
  requestJson<MessagePage>('GET', `/api/messages?matchId=${matchId}${page.before ? `&before=${encodeURIComponent(page.before)}` : ''}${page.after !== undefined ? `&after=${page.after}` : ''}`);

export const sendMessage = (matchId: number, senderId: number, content: string) => requestJson<ChatMessage>('POST', '/api/messages', { matchId, senderId, content });

export const markConversationRead = (matchId: number, upToSeq?: number) =>
  graphql<{ markConversationRead: number }>('mutation Read($m: Int!, $s: Int) { markConversationRead(matchId: $m, upToSeq: $s) }', { m: matchId, s: upToSeq ?? null });

export const setTyping = (matchId: number, typing: boolean) => graphql('mutation Typing($m: Int!, $t: Boolean!) { setTyping(matchId: $m, typing: $t) }', { m: matchId, t: typing });

export const unmatch = (matchId: number) => graphql('mutation Unmatch($m: Int!) { unmatch(matchId: $m) }', { m: matchId });

/** Spends a Time-Freeze token (Max) on a match that fades at dawn tonight: it stays one night longer. */
export const freezeMatch = (matchId: number) => requestJson<TimeFreezeAnswer>('POST', '/api/time-freezes', { matchId });
