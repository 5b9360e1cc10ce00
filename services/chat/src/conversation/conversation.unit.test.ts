import { deciderSpecification } from '@nocturne/platform/testing';
import { conversationDecider, type SendMessage } from './businessLogic';
import { conversationStreamId, type ConversationEvent } from './conversation';

const spec = deciderSpecification(conversationDecider);
const now = new Date('2026-11-23T21:00:00.000Z');
const at = now.toISOString();
const opened: ConversationEvent = { type: 'ConversationOpened', data: { matchId: 7, userIds: [3, 8], openedAt: at } };
const send = (senderId: number, messageId = 'm1', content = 'Hi'): SendMessage => ({ type: 'SendMessage', messageId, senderId, content, now });
const sent = (senderId: number, seq: number, messageId = `m${seq}`): ConversationEvent => ({ type: 'MessageSent', data: { messageId, matchId: 7, seq, senderId, recipientId: senderId === 3 ? 8 : 3, content: 'Hi', sentAt: at } });
const codeOf = (code: string) => (error: unknown) => expect(error).toMatchObject({ code });

describe('a conversation', () => {
  it('is one stream per pair, whichever of the two names it', () => {
    expect(conversationStreamId([8, 3])).toBe('conversation-3-8');
    expect(conversationStreamId([3, 8])).toBe('conversation-3-8');
  });

  it('opens once, whoever announces the match again', () => {
    spec.given([]).when({ type: 'OpenConversation', matchId: 7, userIds: [3, 8], now }).then([opened]);
    spec.given([opened]).when({ type: 'OpenConversation', matchId: 7, userIds: [3, 8], now }).thenNothingHappens();
    // A pair matches once: another match id for the same pair changes nothing.
    spec.given([opened]).when({ type: 'OpenConversation', matchId: 9, userIds: [3, 8], now }).thenNothingHappens();
  });

  it('numbers messages in order, either person writing', () => {
    spec.given([opened]).when(send(3)).then([sent(3, 1, 'm1')]);
    spec.given([opened, sent(3, 1)]).when(send(8, 'm2')).then([sent(8, 2, 'm2')]);
  });

  it("refuses an unknown match and a stranger alike (someone else's match is no match to them), and an ended match", () => {
    spec.given([]).when(send(3)).thenThrows(codeOf('NOT_FOUND'));
    spec.given([opened]).when(send(5)).thenThrows(codeOf('NOT_FOUND'));
    const ended: ConversationEvent = { type: 'ConversationEnded', data: { matchId: 7, reason: 'unmatch', endedBy: 8, endedAt: at } };
    spec.given([opened, ended]).when(send(3)).thenThrows(codeOf('NOT_FOUND'));
  });

  it('moves a read marker forward only, never past the last message', () => {
    spec.given([opened, sent(3, 1), sent(3, 2)]).when({ type: 'MarkRead', readerId: 8, upToSeq: null, now }).then([{ type: 'ConversationRead', data: { matchId: 7, readerId: 8, upToSeq: 2, readAt: at } }]);
    spec.given([opened, sent(3, 1)]).when({ type: 'MarkRead', readerId: 8, upToSeq: 9, now }).then([{ type: 'ConversationRead', data: { matchId: 7, readerId: 8, upToSeq: 1, readAt: at } }]);
    const read: ConversationEvent = { type: 'ConversationRead', data: { matchId: 7, readerId: 8, upToSeq: 1, readAt: at } };
    spec.given([opened, sent(3, 1), read]).when({ type: 'MarkRead', readerId: 8, upToSeq: 1, now }).thenNothingHappens();
    spec.given([opened]).when({ type: 'MarkRead', readerId: 8, upToSeq: null, now }).thenNothingHappens();
    spec.given([opened]).when({ type: 'MarkRead', readerId: 5, upToSeq: null, now }).thenThrows(codeOf('NOT_FOUND'));
  });

  it('ends once', () => {
    spec.given([opened]).when({ type: 'EndConversation', reason: 'block', by: 3, now }).then([{ type: 'ConversationEnded', data: { matchId: 7, reason: 'block', endedBy: 3, endedAt: at } }]);
    spec.given([opened, { type: 'ConversationEnded', data: { matchId: 7, reason: 'block', endedBy: 3, endedAt: at } }]).when({ type: 'EndConversation', reason: 'unmatch', by: 8, now }).thenNothingHappens();
  });

  it("erases a person who deleted their account, ending the conversation for the other", () => {
    spec
      .given([opened, sent(3, 1)])
      .when({ type: 'EraseParticipant', userId: 3, now })
      .then([
        { type: 'ParticipantErased', data: { matchId: 7, userId: 3, erasedAt: at } },
        { type: 'ConversationEnded', data: { matchId: 7, reason: 'deleted', endedBy: 3, endedAt: at } },
      ]);
    spec.given([opened, { type: 'ParticipantErased', data: { matchId: 7, userId: 3, erasedAt: at } }]).when({ type: 'EraseParticipant', userId: 3, now }).thenNothingHappens();
    spec.given([opened]).when({ type: 'EraseParticipant', userId: 5, now }).thenNothingHappens();
  });
});
