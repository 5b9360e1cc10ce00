import { ERASE, versionedRows, type VersionedRow } from '@nocturne/platform/kit';
import type { ReadModelCollection, ReadModelStore, StoredEvent } from '@nocturne/platform/ports';
import { conversationKeyOfStream, otherParticipant, type ConversationEvent, type EndReason } from '../conversation/conversation';
import { sourceOfReport, type ReportEvent, type ReportSource } from '../report/report';
import type { SupportEvent } from '../support/supportRequest';

/** One conversation (keyed by the pair, `3-8`): who, how far it got, how it ended. */
export interface ConversationRow extends VersionedRow {
  conversationId: string;
  matchId: number;
  userIds: [number, number];
  openedAt: string;
  lastSeq: number;
  lastMessage: { messageId: string; senderId: number; content: string; sentAt: string } | null;
  endedAt: string | null;
  endReason: EndReason | null;
  /** Those of the two who deleted their account. */
  erasedUserIds: number[];
  /** While nobody has written and it is on: its dawn (ISO), and the 8:00 PM its last night starts. Null otherwise. */
  fadesAt: string | null;
  lastNightFrom: string | null;
}

/** One person's side of a conversation: what they have read and what is waiting for them. */
export interface ParticipantRow extends VersionedRow {
  conversationId: string;
  matchId: number;
  userId: number;
  otherUserId: number;
  readUpTo: number;
  unread: number;
  /** False once the conversation ended: it no longer counts anywhere. */
  active: boolean;
}

export interface MessageRow extends VersionedRow {
  messageId: string;
  conversationId: string;
  matchId: number;
  seq: number;
  senderId: number;
  content: string;
  sentAt: string;
}

/** A report waiting for moderation (the reporter's text stays encrypted in the event store). */
export interface ReportRow extends VersionedRow {
  reportId: string;
  reporterId: number;
  reportedId: number;
  reason: string;
  matchId: number | null;
  /** Where it was made: a conversation or the deck's detail sheet. */
  source: ReportSource;
  reportedAt: string;
  status: 'open' | 'closed';
}

/** A support request waiting for an answer (its words stay encrypted in the event store). */
export interface SupportRequestRow extends VersionedRow {
  requestId: string;
  userId: number;
  plan: string;
  /** Plus and Max: listed first. */
  priority: boolean;
  requestedAt: string;
  status: 'open' | 'closed';
}

export interface ChatCollections {
  conversations: ReadModelCollection<ConversationRow>;
  participants: ReadModelCollection<ParticipantRow>;
  messages: ReadModelCollection<MessageRow>;
  reports: ReadModelCollection<ReportRow>;
  supportRequests: ReadModelCollection<SupportRequestRow>;
}

export function chatCollections(readModels: ReadModelStore): ChatCollections {
  return {
    conversations: readModels.collection<ConversationRow>('conversations', { indexes: [{ fields: { userIds: 1 } }, { fields: { matchId: 1 } }, { fields: { fadesAt: 1 } }] }),
    participants: readModels.collection<ParticipantRow>('participants', { indexes: [{ fields: { userId: 1, active: 1 } }] }),
    messages: readModels.collection<MessageRow>('messages', { indexes: [{ fields: { conversationId: 1, seq: -1 } }, { fields: { conversationId: 1, senderId: 1 } }] }),
    reports: readModels.collection<ReportRow>('reports', { indexes: [{ fields: { status: 1, reportedAt: 1 } }] }),
    supportRequests: readModels.collection<SupportRequestRow>('support_requests', { indexes: [{ fields: { status: 1, priority: -1, requestedAt: 1 } }] }),
  };
}

/** Changes a live row; a missing or erased one stays as it is. */
const changed =
  <T>(change: (row: T) => Omit<T, 'version' | '_id'>) =>
  (row: T | null) =>
    row ? change(row) : undefined;

export const participantRowId = (conversationId: string, userId: number) => `${conversationId}:${userId}`;

/**
 * The read side of the conversations. Every row moves with its conversation stream's version, so an
 * event applied twice, or the whole log replayed, ends where the first run ended.
 */
export function createChatProjector(collections: ChatCollections) {
  const conversations = versionedRows(collections.conversations);
  const participants = versionedRows(collections.participants);
  const messages = versionedRows(collections.messages);
  const reports = versionedRows(collections.reports);
  const supportRequests = versionedRows(collections.supportRequests);

  const unreadFor = (conversationId: string, userId: number, readUpTo: number) => collections.messages.count({ conversationId, senderId: { $ne: userId }, seq: { $gt: readUpTo } });

  return async (stored: StoredEvent): Promise<void> => {
    if (stored.streamId.startsWith('report-')) {
      const event = stored as StoredEvent & ReportEvent;
      if (event.type !== 'ReportFiled') return;
      const { reportId, reporterId, reportedId, reason, matchId, reportedAt } = event.data;
      await reports.put(reportId, stored.streamVersion, { reportId, reporterId, reportedId, reason, matchId, source: sourceOfReport(event.data), reportedAt, status: 'open' });
      return;
    }
    if (stored.streamId.startsWith('support-')) {
      const event = stored as StoredEvent & SupportEvent;
      if (event.type !== 'SupportRequested') return;
      const { requestId, userId, plan, priority, requestedAt } = event.data;
      await supportRequests.put(requestId, stored.streamVersion, { requestId, userId, plan, priority, requestedAt, status: 'open' });
      return;
    }
    if (!stored.streamId.startsWith('conversation-')) return;
    const event = stored as StoredEvent & ConversationEvent;
    const version = stored.streamVersion;
    const id = conversationKeyOfStream(stored.streamId);
    switch (event.type) {
      case 'ConversationOpened': {
        const { matchId, userIds, openedAt, dawn } = event.data;
        await conversations.put(id, version, { conversationId: id, matchId, userIds, openedAt, lastSeq: 0, lastMessage: null, endedAt: null, endReason: null, erasedUserIds: [], fadesAt: dawn?.fadesAt ?? null, lastNightFrom: dawn?.lastNightFrom ?? null });
        for (const userId of userIds) {
          await participants.put(participantRowId(id, userId), version, { conversationId: id, matchId, userId, otherUserId: otherParticipant(userIds, userId), readUpTo: 0, unread: 0, active: true });
        }
        return;
      }
      case 'MessageSent': {
        const { messageId, matchId, seq, senderId, recipientId, content, sentAt } = event.data;
        // A sender erased since reads as null here; the erasure that follows removes the row again.
        await messages.put(messageId, version, { messageId, conversationId: id, matchId, seq, senderId, content: content ?? '', sentAt });
        // Somebody wrote: the dawn rule no longer applies.
        await conversations.apply(id, version, changed((row) => ({ ...row, lastSeq: seq, lastMessage: { messageId, senderId, content: content ?? '', sentAt }, fadesAt: null, lastNightFrom: null })));
        await participants.apply(participantRowId(id, recipientId), version, changed((row) => ({ ...row, unread: row.unread + 1 })));
        await participants.apply(participantRowId(id, senderId), version, changed((row) => ({ ...row, readUpTo: Math.max(row.readUpTo, seq) })));
        return;
      }
      case 'ConversationRead': {
        const { readerId, upToSeq } = event.data;
        const row = await participants.get(participantRowId(id, readerId));
        const unread = row ? await unreadFor(id, readerId, Math.max(row.readUpTo, upToSeq)) : 0;
        await participants.apply(participantRowId(id, readerId), version, changed((current) => ({ ...current, readUpTo: Math.max(current.readUpTo, upToSeq), unread })));
        return;
      }
      case 'MatchFrozen': {
        const { dawn } = event.data;
        await conversations.apply(id, version, changed((current) => ({ ...current, fadesAt: dawn.fadesAt, lastNightFrom: dawn.lastNightFrom })));
        return;
      }
      case 'ConversationEnded':
      case 'MatchFaded': {
        const [reason, endedAt] = event.type === 'MatchFaded' ? ['faded' as const, event.data.fadedAt] : [event.data.reason, event.data.endedAt];
        const row = await conversations.get(id);
        await conversations.apply(id, version, changed((current) => ({ ...current, endedAt, endReason: reason, fadesAt: null, lastNightFrom: null })));
        for (const userId of row?.userIds ?? []) await participants.apply(participantRowId(id, userId), version, changed((current) => ({ ...current, active: false, unread: 0 })));
        return;
      }
      case 'ParticipantErased': {
        const { userId } = event.data;
        const erasedMessages = await collections.messages.find({ conversationId: id, senderId: userId });
        for (const message of erasedMessages) await messages.apply(message.messageId, version, () => ERASE);
        await participants.apply(participantRowId(id, userId), version, () => ERASE);
        await conversations.apply(id, version, (current) => {
          if (!current) return undefined;
          const lastMessage = current.lastMessage?.senderId === userId ? null : current.lastMessage;
          return { ...current, lastMessage, erasedUserIds: [...new Set([...current.erasedUserIds, userId])] };
        });
        return;
      }
    }
  };
}
