import { ChatEvents, Topics } from '@nocturne/contracts';
import type { StoredEvent } from '@nocturne/platform/ports';
import type { IntegrationEventDraft } from '@nocturne/platform/relay';
import type { ConversationEvent } from '../conversation/conversation';
import type { ReportEvent } from '../report/report';

/** Messages go to `chat.messages`, the rest to the relay's `chat.events`. */
export type ChatIntegrationEvent = IntegrationEventDraft;

/** What the chat context tells others: that a message went out (ids and times, never the text; on `chat.messages`), that a match faded at dawn, and reports. */
export function toIntegrationEvent(stored: StoredEvent): ChatIntegrationEvent | null {
  const event = stored as StoredEvent & (ConversationEvent | ReportEvent);
  switch (event.type) {
    case 'MessageSent': {
      const { messageId, matchId, senderId, recipientId, sentAt } = event.data;
      const contract = ChatEvents.MessageSent;
      return { type: contract.type, version: contract.version, aggregateId: stored.streamId, data: contract.schema.parse({ messageId, matchId, senderId, recipientId, sentAt }), topic: Topics.messages };
    }
    case 'MatchFaded': {
      const { matchId, userIds, dawnAt, fadedAt } = event.data;
      const contract = ChatEvents.MatchFaded;
      return { type: contract.type, version: contract.version, aggregateId: stored.streamId, data: contract.schema.parse({ matchId, userIds, dawnAt, fadedAt }) };
    }
    case 'ReportFiled': {
      const { reportId, reporterId, reportedId, reason, reportedAt } = event.data;
      const contract = ChatEvents.PersonReported;
      return { type: contract.type, version: contract.version, aggregateId: stored.streamId, data: contract.schema.parse({ reportId, reporterId, reportedId, reason, reportedAt }) };
    }
    default:
      return null;
  }
}
