import { randomUUID } from 'node:crypto';
import { AuthEvents, ChatEvents, ProfileEvents, SwipeEvents, Topics, type IntegrationEvent } from '@nocturne/contracts';
import { createAdapters, type Adapters } from '@nocturne/platform/adapters';
import { INTERNAL_CONTEXT_HEADER, signGraphqlRequest } from '@nocturne/platform/http';
import type { ServiceInstance } from '@nocturne/platform/kit';
import { createLogger } from '@nocturne/platform/logging';
import type { DeliveredMessage } from '@nocturne/platform/ports';
import { eventually } from '@nocturne/platform/testing';
import { defaultChatConfig, type ChatConfig } from './config';
import { chatService } from './service';

const secret = 'chat-int-test-secret-0123456789';
const logger = createLogger('chat', { env: { LOG_LEVEL: 'silent' } });
type Json = ReturnType<typeof JSON.parse>;
interface Answer {
  data?: Record<string, Json> | null;
  errors?: Array<{ message: string; extensions?: { code?: string; reason?: string; field?: string } }>;
}

// 21:30 in Berlin on a November evening.
let now = new Date('2026-11-23T20:30:00.000Z');

class Harness {
  adapters!: Adapters;
  instance!: ServiceInstance;
  url!: string;

  async start(config: Partial<ChatConfig> = {}) {
    this.adapters = await createAdapters({ service: 'chat', dataDir: null, env: {}, logger });
    this.instance = chatService.create({ adapters: this.adapters, config: { ...defaultChatConfig, port: 0, internalSecret: secret, ...config }, logger, clock: () => now });
    this.url = (await this.instance.start()).url;
  }

  async stop() {
    await this.instance.stop();
    await this.adapters.close();
  }

  async graphql(uid: number | undefined, query: string, variables: Record<string, unknown> = {}): Promise<Answer> {
    const body = JSON.stringify({ query, variables });
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [INTERNAL_CONTEXT_HEADER]: signGraphqlRequest({ ip: '127.0.0.1', ...(uid !== undefined && { uid }) }, secret, body) },
      body,
    });
    return (await response.json()) as Answer;
  }

  async publish(topic: string, type: string, data: Record<string, unknown>, aggregateId = String(data.userId ?? data.matchId)) {
    const event: IntegrationEvent = { id: randomUUID(), type, version: 1, occurredAt: now.toISOString(), aggregateId, data, metadata: {} };
    await this.adapters.bus.publish(topic, [{ key: event.aggregateId, event }]);
  }

  async match(matchId: number, a: number, b: number) {
    await this.publish(Topics.swipe, SwipeEvents.MatchCreated.type, { matchId, userIds: [Math.min(a, b), Math.max(a, b)], superLikedBy: [], createdAt: now.toISOString() });
    await eventually(async () => expect((await this.conversation(a, matchId)).errors).toBeUndefined());
  }

  send(uid: number, matchId: number, content: string, senderId?: number) {
    return this.graphql(uid, `mutation ($input: SendMessageInput!) { sendMessage(input: $input) { id matchId senderId content createdAt seq } }`, { input: { matchId, content, ...(senderId !== undefined && { senderId }) } });
  }

  conversation(uid: number, matchId: number) {
    return this.graphql(uid, `query ($matchId: Int!) { conversation(matchId: $matchId) { matchId otherUserId unreadCount otherReadUpTo otherDeleted lastMessage { content senderId } } }`, { matchId });
  }

  messages(uid: number, matchId: number, page: { limit?: number; before?: string; after?: string } = {}) {
    return this.graphql(uid, `query ($matchId: Int!, $limit: Int, $before: String, $after: String) { messages(matchId: $matchId, limit: $limit, before: $before, after: $after) { messages { content senderId seq } olderCursor } }`, { matchId, ...page });
  }

  async unread(uid: number): Promise<number> {
    return (await this.graphql(uid, '{ unreadTotal }')).data!.unreadTotal;
  }
}

const codeOf = (answer: Answer) => answer.errors?.[0]?.extensions?.code;

describe('chat subgraph', () => {
  jest.setTimeout(30_000);
  let harness: Harness;
  beforeEach(async () => {
    now = new Date('2026-11-23T20:30:00.000Z');
    harness = new Harness();
  });
  afterEach(async () => {
    await harness.stop();
  });

  it('opens a conversation on a match, and lets its two people write, trimmed, in order', async () => {
    await harness.start();
    await harness.match(1, 3, 8);
    const first = await harness.send(3, 1, '  Hello night owl  ');
    expect(first.errors).toBeUndefined();
    expect(first.data!.sendMessage).toMatchObject({ matchId: 1, senderId: 3, content: 'Hello night owl', seq: 1, createdAt: now.toISOString() });
    expect((await harness.send(8, 1, 'Hi!')).data!.sendMessage.seq).toBe(2);
    const history = await harness.messages(8, 1);
    expect(history.data!.messages.messages.map((m: Json) => [m.senderId, m.content])).toEqual([
      [3, 'Hello night owl'],
      [8, 'Hi!'],
    ]);
  });

  it("refuses empty and too long messages, strangers, another sender and unknown matches, and writes nothing; someone else's match answers as an unknown one", async () => {
    await harness.start();
    await harness.match(1, 3, 8);
    const empty = await harness.send(3, 1, '   ');
    expect(empty.errors?.[0]).toMatchObject({ message: 'Message cannot be empty', extensions: { code: 'BAD_USER_INPUT', field: 'content' } });
    expect(codeOf(await harness.send(3, 1, 'x'.repeat(2001)))).toBe('BAD_USER_INPUT');
    expect((await harness.send(3, 1, 'x'.repeat(2000))).errors).toBeUndefined();
    expect(codeOf(await harness.send(3, 1, 'as someone else', 8))).toBe('FORBIDDEN');
    expect(codeOf(await harness.send(undefined as unknown as number, 1, 'signed out'))).toBe('UNAUTHENTICATED');
    const errorOf = (answer: Answer) => answer.errors?.map(({ message, extensions }) => ({ message, code: extensions?.code }));
    expect(errorOf(await harness.send(3, 99, 'anyone?'))).toEqual([{ message: 'No such match', code: 'NOT_FOUND' }]);
    expect(errorOf(await harness.send(5, 1, 'let me in'))).toEqual(errorOf(await harness.send(5, 99, 'let me in')));
    expect(errorOf(await harness.messages(5, 1))).toEqual(errorOf(await harness.messages(5, 99)));
    expect(errorOf(await harness.conversation(5, 1))).toEqual(errorOf(await harness.conversation(5, 99)));
    const read = 'mutation ($m: Int!) { markConversationRead(matchId: $m) }';
    expect(errorOf(await harness.graphql(5, read, { m: 1 }))).toEqual(errorOf(await harness.graphql(5, read, { m: 99 })));
    const typing = 'mutation ($m: Int!) { setTyping(matchId: $m, typing: true) }';
    expect(errorOf(await harness.graphql(5, typing, { m: 1 }))).toEqual(errorOf(await harness.graphql(5, typing, { m: 99 })));
    // A Match the gateway resolves elsewhere: its conversation, for someone else, is as for an unknown match.
    const entity = 'query ($r: [_Any!]!) { _entities(representations: $r) { ... on Match { id conversation { matchId } } } }';
    expect((await harness.graphql(5, entity, { r: [{ __typename: 'Match', id: 1 }] })).data).toEqual({ _entities: [{ id: 1, conversation: null }] });
    expect((await harness.graphql(5, entity, { r: [{ __typename: 'Match', id: 99 }] })).data).toEqual({ _entities: [{ id: 99, conversation: null }] });
    expect((await harness.messages(8, 1)).data!.messages.messages).toHaveLength(1);
  });

  it('keys conversations by the pair: a match id announced again for other people reaches neither pair', async () => {
    await harness.start();
    await harness.match(1, 3, 8);
    // Another producer (a test on shared servers) announcing match 1 for two other people.
    await harness.match(1, 5, 6);
    await harness.send(3, 1, 'for 8 only');
    await harness.send(5, 1, 'for 6 only');
    expect((await harness.messages(8, 1)).data!.messages.messages.map((m: Json) => m.content)).toEqual(['for 8 only']);
    expect((await harness.messages(6, 1)).data!.messages.messages.map((m: Json) => m.content)).toEqual(['for 6 only']);
    expect(codeOf(await harness.messages(7, 1))).toBe('NOT_FOUND');
  });

  it('counts unread messages per conversation and in total, and clears them when read', async () => {
    await harness.start();
    await harness.match(1, 3, 8);
    await harness.match(2, 3, 9);
    await harness.send(8, 1, 'one');
    await harness.send(8, 1, 'two');
    await harness.send(9, 2, 'three');
    expect(await harness.unread(3)).toBe(3);
    expect((await harness.conversation(3, 1)).data!.conversation.unreadCount).toBe(2);
    const read = await harness.graphql(3, 'mutation { markConversationRead(matchId: 1) }');
    expect(read.data!.markConversationRead).toBe(1);
    expect(await harness.unread(3)).toBe(1);
    expect(await harness.unread(8)).toBe(0);
  });

  it('shows the other side read marker only on plans with read receipts', async () => {
    await harness.start();
    await harness.match(1, 3, 8);
    await harness.send(3, 1, 'seen?');
    await harness.graphql(8, 'mutation { markConversationRead(matchId: 1) }');
    expect((await harness.conversation(3, 1)).data!.conversation.otherReadUpTo).toBeNull();
    await harness.publish(Topics.swipe, SwipeEvents.PlanChanged.type, { userId: 3, plan: 'plus', expiresAt: null, changedAt: now.toISOString() });
    await eventually(async () => expect((await harness.conversation(3, 1)).data!.conversation.otherReadUpTo).toBe(1));
  });

  it('lets a free person write in one conversation a night, and paid plans in all', async () => {
    await harness.start();
    await harness.publish(Topics.profile, ProfileEvents.TimeZoneSet.type, { userId: 3, timeZone: 'Europe/Berlin' });
    await harness.match(1, 3, 8);
    await harness.match(2, 3, 9);
    expect((await harness.send(3, 1, 'first')).errors).toBeUndefined();
    expect((await harness.send(3, 1, 'again')).errors).toBeUndefined();
    const second = await harness.send(3, 2, 'second chat');
    expect(second.errors?.[0]?.extensions).toMatchObject({ code: 'LIMIT_REACHED', reason: 'chat-limit' });
    // The other person (free too) may still answer in their own one conversation.
    expect((await harness.send(9, 2, 'hey')).errors).toBeUndefined();
    // The next night, after 8:00 PM Berlin time, it starts again.
    now = new Date('2026-11-24T19:05:00.000Z');
    expect((await harness.send(3, 2, 'tonight')).errors).toBeUndefined();
    await harness.publish(Topics.swipe, SwipeEvents.PlanChanged.type, { userId: 3, plan: 'nightPass', expiresAt: '2026-11-25T19:05:00.000Z', changedAt: now.toISOString() });
    await eventually(async () => expect((await harness.send(3, 1, 'with a pass')).errors).toBeUndefined());
  });

  it('limits how fast one person sends', async () => {
    await harness.start({ sendsPerMinute: 3 });
    await harness.match(1, 3, 8);
    for (let i = 0; i < 3; i++) expect((await harness.send(3, 1, `m${i}`)).errors).toBeUndefined();
    expect(codeOf(await harness.send(3, 1, 'too fast'))).toBe('RATE_LIMITED');
    expect((await harness.send(8, 1, 'the other is not limited')).errors).toBeUndefined();
  });

  it('pages back with a cursor and catches up after a seq', async () => {
    await harness.start();
    await harness.match(1, 3, 8);
    for (let i = 1; i <= 5; i++) await harness.send(i % 2 ? 3 : 8, 1, `m${i}`);
    const newest = (await harness.messages(3, 1, { limit: 2 })).data!.messages;
    expect(newest.messages.map((m: Json) => m.content)).toEqual(['m4', 'm5']);
    const older = (await harness.messages(3, 1, { limit: 2, before: newest.olderCursor })).data!.messages;
    expect(older.messages.map((m: Json) => m.content)).toEqual(['m2', 'm3']);
    const oldest = (await harness.messages(3, 1, { limit: 2, before: older.olderCursor })).data!.messages;
    expect(oldest).toEqual({ messages: [{ content: 'm1', senderId: 3, seq: 1 }], olderCursor: null });
    expect((await harness.messages(3, 1, { after: '3' })).data!.messages.messages.map((m: Json) => m.seq)).toEqual([4, 5]);
    expect(codeOf(await harness.messages(3, 1, { before: 'abc' }))).toBe('BAD_USER_INPUT');
  });

  it('closes the conversation when the match ends, for both', async () => {
    await harness.start();
    await harness.match(1, 3, 8);
    await harness.send(3, 1, 'bye?');
    await harness.publish(Topics.swipe, SwipeEvents.MatchEnded.type, { matchId: 1, userIds: [3, 8], endedBy: 8, reason: 'block', endedAt: now.toISOString() });
    await eventually(async () => expect(codeOf(await harness.send(3, 1, 'still there?'))).toBe('NOT_FOUND'));
    expect(codeOf(await harness.messages(8, 1))).toBe('NOT_FOUND');
    expect(await harness.unread(8)).toBe(0);
  });

  it("erases a deleted person's messages; the other sees the account was deleted", async () => {
    await harness.start();
    await harness.match(1, 3, 8);
    await harness.send(3, 1, 'my secret');
    await harness.send(8, 1, 'my answer');
    await harness.publish(Topics.auth, AuthEvents.UserDeleted.type, { userId: 3, deletedAt: now.toISOString() });
    await eventually(async () => expect((await harness.conversation(8, 1)).data?.conversation.otherDeleted).toBe(true));
    expect((await harness.messages(8, 1)).data!.messages.messages.map((m: Json) => m.content)).toEqual(['my answer']);
    const stored = await harness.adapters.eventStore.readStream('conversation-3-8');
    expect(JSON.stringify(stored)).not.toContain('my secret');
    expect(codeOf(await harness.send(8, 1, 'hello?'))).toBe('NOT_FOUND');
  });

  it('publishes MessageSent without the text, keyed by the conversation, on a topic of its own', async () => {
    await harness.start();
    const seen: DeliveredMessage[] = [];
    const consumer = await harness.adapters.bus.subscribe({ groupId: 'test', topics: [Topics.chat, Topics.messages], handler: async (message) => void seen.push(message) });
    await harness.match(1, 3, 8);
    await harness.send(3, 1, 'private words');
    await eventually(() => expect(seen.map((m) => m.event.type)).toContain(ChatEvents.MessageSent.type));
    expect(seen[0]!.event.data).toMatchObject({ matchId: 1, senderId: 3, recipientId: 8 });
    // No reader of chat.events (fades, reports) has to skip through every message.
    expect(seen.map((m) => m.topic)).toEqual([Topics.messages]);
    expect(JSON.stringify(seen)).not.toContain('private words');
    await consumer.stop();
  });

  it('stores reports of people the reporter matched with, now or before, naming the match of the two', async () => {
    await harness.start();
    await harness.match(1, 3, 8);
    await harness.match(2, 3, 9);
    const ok = await harness.graphql(3, 'mutation { reportUser(input: { userId: 8, reason: "harassment", text: " rude " }) }');
    expect(ok.data).toEqual({ reportUser: true });
    await harness.publish(Topics.swipe, SwipeEvents.MatchEnded.type, { matchId: 2, userIds: [3, 9], endedBy: 9, reason: 'unmatch', endedAt: now.toISOString() });
    await eventually(async () => expect(codeOf(await harness.messages(3, 2))).toBe('NOT_FOUND'));
    expect((await harness.graphql(9, 'mutation { reportUser(input: { userId: 3, reason: "spam", matchId: 2 }) }')).data).toEqual({ reportUser: true });
    const reports = await harness.adapters.readModels.collection('reports').find({ status: 'open' });
    expect(reports).toEqual([expect.objectContaining({ reporterId: 3, reportedId: 8, reason: 'harassment', matchId: 1 }), expect.objectContaining({ reporterId: 9, reportedId: 3, reason: 'spam', matchId: 2 })]);
    expect(codeOf(await harness.graphql(3, 'mutation { reportUser(input: { userId: 8, reason: "boredom" }) }'))).toBe('BAD_USER_INPUT');
    expect(codeOf(await harness.graphql(3, 'mutation { reportUser(input: { userId: 3, reason: "spam" }) }'))).toBe('BAD_USER_INPUT');
  });

  it("refuses a report of someone never matched, or naming someone else's match, alike for an unknown id, and stores nothing", async () => {
    await harness.start();
    await harness.match(1, 3, 8);
    const report = (uid: number, input: string) => harness.graphql(uid, `mutation { reportUser(input: { reason: "spam", ${input} }) }`);
    const errorOf = (answer: Answer) => answer.errors?.map(({ message, extensions }) => ({ message, code: extensions?.code }));
    // 5 never matched anyone: neither 3 nor 8, with or without their match's id.
    expect(errorOf(await report(5, 'userId: 3'))).toEqual([{ message: 'You can only report someone you matched with', code: 'NOT_FOUND' }]);
    expect(errorOf(await report(5, 'userId: 3'))).toEqual(errorOf(await report(5, 'userId: 4242')));
    expect(errorOf(await report(5, 'userId: 3, matchId: 1'))).toEqual([{ message: 'No such match', code: 'NOT_FOUND' }]);
    expect(errorOf(await report(5, 'userId: 3, matchId: 1'))).toEqual(errorOf(await report(5, 'userId: 3, matchId: 99')));
    // 3 names their own match with 8 while reporting someone else.
    expect(errorOf(await report(3, 'userId: 5, matchId: 1'))).toEqual(errorOf(await report(3, 'userId: 5, matchId: 99')));
    expect(await harness.adapters.readModels.collection('reports').find({})).toEqual([]);
  });
});
