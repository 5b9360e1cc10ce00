import { deciderSpecification } from '@nocturne/platform/testing';
import { conversationDecider, type SendMessage } from './businessLogic';
import { conversationStreamId, type ConversationEvent } from './conversation';

const spec = deciderSpecification(conversationDecider);
const now = new Date('2026-11-23T21:00:00.000Z');
const at = now.toISOString();
/** Opened before the dawn rule: no dawn. */
const opened: ConversationEvent = { type: 'ConversationOpened', data: { matchId: 7, userIds: [3, 8], openedAt: at } };
const utcDawn = { fadesAt: '2026-11-25T04:00:00.000Z', lastNightFrom: '2026-11-24T20:00:00.000Z', zone: 'UTC' };
const openCommand = (matchId: number) => ({ type: 'OpenConversation' as const, matchId, userIds: [3, 8] as [number, number], matchedAt: now, zones: ['UTC', 'UTC'] as [string, string], now });
const send = (senderId: number, messageId = 'm1', content = 'Hi'): SendMessage => ({ type: 'SendMessage', messageId, senderId, content, now });
const sent = (senderId: number, seq: number, messageId = `m${seq}`): ConversationEvent => ({ type: 'MessageSent', data: { messageId, matchId: 7, seq, senderId, recipientId: senderId === 3 ? 8 : 3, content: 'Hi', sentAt: at } });
const codeOf = (code: string) => (error: unknown) => expect(error).toMatchObject({ code });

describe('a conversation', () => {
  it('is one stream per pair, whichever of the two names it', () => {
    expect(conversationStreamId([8, 3])).toBe('conversation-3-8');
    expect(conversationStreamId([3, 8])).toBe('conversation-3-8');
  });

  it('opens once, whoever announces the match again', () => {
    spec.given([]).when(openCommand(7)).then([{ type: 'ConversationOpened', data: { matchId: 7, userIds: [3, 8], openedAt: at, dawn: utcDawn } }]);
    spec.given([opened]).when(openCommand(7)).thenNothingHappens();
    // A pair matches once: another match id for the same pair changes nothing.
    spec.given([opened]).when(openCommand(9)).thenNothingHappens();
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

describe('the dawn rule', () => {
  const berlin: [string, string] = ['Europe/Berlin', 'Europe/Berlin'];
  const open = (matchedAt: string, zones: [string, string] = berlin) => ({ type: 'OpenConversation' as const, matchId: 7, userIds: [3, 8] as [number, number], matchedAt: new Date(matchedAt), zones, now: new Date(matchedAt) });
  const openedWith = (dawn: { fadesAt: string; lastNightFrom: string; zone: string }, openedAt = at): ConversationEvent => ({ type: 'ConversationOpened', data: { matchId: 7, userIds: [3, 8], openedAt, dawn } });
  const dawnOf = (events: ConversationEvent[]) => (events[0]!.data as { dawn: unknown }).dawn;
  const decide = (command: ReturnType<typeof open>) => conversationDecider.decide(command, conversationDecider.initialState());
  // 21:00 in Berlin on 23 November: the night of the 23rd; the night after is the 24th's, ending 04:00 on the 25th.
  const berlinDawn = { fadesAt: '2026-11-25T03:00:00.000Z', lastNightFrom: '2026-11-24T19:00:00.000Z', zone: 'Europe/Berlin' };

  it('gives a match the rest of its night and the whole night after, fading at the 04:00 that ends it', () => {
    spec.given([]).when(open('2026-11-23T20:00:00.000Z')).then([openedWith(berlinDawn, '2026-11-23T20:00:00.000Z')]);
    // 03:00 on the 24th still belongs to the night of the 23rd; 19:00 on the 24th too (quota nights run from 8:00 PM).
    expect(dawnOf(decide(open('2026-11-24T02:00:00.000Z')))).toEqual(berlinDawn);
    expect(dawnOf(decide(open('2026-11-24T18:00:00.000Z')))).toEqual(berlinDawn);
    // From 8:00 PM on the 24th a match belongs to that night and has the 25th's.
    expect(dawnOf(decide(open('2026-11-24T19:00:00.000Z')))).toEqual({ fadesAt: '2026-11-26T03:00:00.000Z', lastNightFrom: '2026-11-25T19:00:00.000Z', zone: 'Europe/Berlin' });
  });

  it("follows the earlier of the two people's clocks", () => {
    // 21:00 in Berlin is 15:00 in New York: the New York night of the 22nd, whose next night ends 04:00 New York on the 24th.
    expect(dawnOf(decide(open('2026-11-23T20:00:00.000Z', ['Europe/Berlin', 'America/New_York'])))).toEqual({ fadesAt: '2026-11-24T09:00:00.000Z', lastNightFrom: '2026-11-24T01:00:00.000Z', zone: 'America/New_York' });
    expect(dawnOf(decide(open('2026-11-23T20:00:00.000Z', ['America/New_York', 'Europe/Berlin'])))).toEqual({ fadesAt: '2026-11-24T09:00:00.000Z', lastNightFrom: '2026-11-24T01:00:00.000Z', zone: 'America/New_York' });
  });

  it('keeps 04:00 on the wall clock across daylight saving changes', () => {
    // Berlin leaves summer time at 03:00 on 25 October 2026: that last night lasts nine hours.
    expect(dawnOf(decide(open('2026-10-23T19:00:00.000Z')))).toEqual({ fadesAt: '2026-10-25T03:00:00.000Z', lastNightFrom: '2026-10-24T18:00:00.000Z', zone: 'Europe/Berlin' });
    // And enters it at 02:00 on 29 March 2026: 04:00 is then 02:00 UTC.
    expect(dawnOf(decide(open('2026-03-27T20:00:00.000Z')))).toEqual({ fadesAt: '2026-03-29T02:00:00.000Z', lastNightFrom: '2026-03-28T19:00:00.000Z', zone: 'Europe/Berlin' });
    // New York changes a week later than Berlin: on 1 November 2026, 04:00 is 09:00 UTC again.
    expect(dawnOf(decide(open('2026-10-31T01:00:00.000Z', ['America/New_York', 'America/New_York'])))).toEqual({ fadesAt: '2026-11-01T09:00:00.000Z', lastNightFrom: '2026-11-01T00:00:00.000Z', zone: 'America/New_York' });
  });

  const opened7 = openedWith(berlinDawn);
  const fade = (now: string) => ({ type: 'FadeAtDawn' as const, now: new Date(now) });
  const faded: ConversationEvent = { type: 'MatchFaded', data: { matchId: 7, userIds: [3, 8], dawnAt: berlinDawn.fadesAt, fadedAt: '2026-11-25T03:00:00.000Z' } };

  it('fades a match nobody wrote in at its dawn, once, and not before', () => {
    spec.given([opened7]).when(fade('2026-11-25T02:59:59.999Z')).thenNothingHappens();
    spec.given([opened7]).when(fade('2026-11-25T03:00:00.000Z')).then([faded]);
    spec.given([opened7, faded]).when(fade('2026-11-25T04:00:00.000Z')).thenNothingHappens();
  });

  it('never fades a match somebody wrote in, nor one that ended otherwise, nor one older than the rule', () => {
    spec.given([opened7, sent(3, 1)]).when(fade('2026-11-26T03:00:00.000Z')).thenNothingHappens();
    spec.given([opened7, { type: 'ConversationEnded', data: { matchId: 7, reason: 'unmatch', endedBy: 3, endedAt: at } }]).when(fade('2026-11-26T03:00:00.000Z')).thenNothingHappens();
    spec.given([opened]).when(fade('2030-01-01T00:00:00.000Z')).thenNothingHappens();
  });

  it('refuses a first message once the dawn has passed, even before the fade is written', () => {
    spec
      .given([opened7])
      .when({ type: 'SendMessage', messageId: 'm1', senderId: 3, content: 'Hi', now: new Date('2026-11-25T03:00:00.000Z') })
      .thenThrows((error) => expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'This match has ended' }));
  });

  const freeze = (now: string, by = 3, dawnAt = berlinDawn.fadesAt) => ({ type: 'FreezeMatch' as const, by, dawnAt, now: new Date(now) });
  const frozen: ConversationEvent = {
    type: 'MatchFrozen',
    data: { matchId: 7, frozenBy: 3, frozenDawn: berlinDawn.fadesAt, dawn: { fadesAt: '2026-11-26T03:00:00.000Z', lastNightFrom: '2026-11-25T19:00:00.000Z', zone: 'Europe/Berlin' }, frozenAt: '2026-11-24T22:00:00.000Z' },
  };

  it('keeps a match fading tonight one night longer with a Time-Freeze, on the clock that decided', () => {
    spec.given([opened7]).when(freeze('2026-11-24T22:00:00.000Z')).then([frozen]);
    spec.given([opened7, frozen]).when(fade('2026-11-25T03:00:00.000Z')).thenNothingHappens();
    spec.given([opened7, frozen]).when(fade('2026-11-26T03:00:00.000Z')).then([{ type: 'MatchFaded', data: { matchId: 7, userIds: [3, 8], dawnAt: '2026-11-26T03:00:00.000Z', fadedAt: '2026-11-26T03:00:00.000Z' } }]);
  });

  it('freezes a dawn once, whoever of the two asks, and only during its last night', () => {
    spec.given([opened7, frozen]).when(freeze('2026-11-24T22:01:00.000Z', 8)).thenNothingHappens();
    spec.given([opened7]).when(freeze('2026-11-24T18:59:00.000Z')).thenThrows(codeOf('CONFLICT'));
    spec.given([opened7, sent(3, 1)]).when(freeze('2026-11-24T22:00:00.000Z')).thenThrows(codeOf('CONFLICT'));
    spec.given([opened7]).when(freeze('2026-11-24T22:00:00.000Z', 5)).thenThrows(codeOf('NOT_FOUND'));
    spec.given([opened7, faded]).when(freeze('2026-11-25T03:00:00.000Z')).thenThrows(codeOf('NOT_FOUND'));
  });
});
