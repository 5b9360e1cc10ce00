import { randomBytes, randomUUID } from 'node:crypto';
import { createClient, type Client } from 'graphql-ws';
import mongoose from 'mongoose';
import { WebSocket } from 'ws';
import { chatService } from '@nocturne/chat';
import { SwipeEvents, Topics, type IntegrationEvent } from '@nocturne/contracts';
import { createAdapters, type Adapters } from '@nocturne/platform/adapters';
import { parseEnv } from '@nocturne/platform/config';
import { INTERNAL_CONTEXT_HEADER, signGraphqlRequest, signSubscription } from '@nocturne/platform/http';
import { InProcessEventBus } from '@nocturne/platform/inprocess';
import type { ServiceInstance } from '@nocturne/platform/kit';
import { createLogger } from '@nocturne/platform/logging';
import { eventually } from '@nocturne/platform/testing';
import { ensureTopic, hasRealInfrastructure, publishingOnly, realInfrastructure } from '../support';

// `--scale chat=2` on the real servers: two chat instances, each on adapters of its own (its own MongoDB
// and Redis clients) over one database; a subscriber on one instance receives what is sent through the
// other, carried by Redis pub/sub, and a match that ends ends what either instance follows of it. Runs
// under `flock /tmp/nocturne-real.lock`; skipped without the servers.
const d = hasRealInfrastructure ? describe : describe.skip;

const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const database = `chatxi${runId}`;
const internalSecret = randomBytes(24).toString('base64url');
// Ids of this run only, so other runs' channels and rows never mix in.
const matchId = 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
const [alice, bob] = [matchId, matchId + 1];

d('live chat across two chat instances on the real servers', () => {
  const quiet = new InProcessEventBus();
  const adapters: Adapters[] = [];
  const instances: ServiceInstance[] = [];
  const urls: string[] = [];
  const clients: Client[] = [];
  let connection: mongoose.Connection | undefined;

  beforeAll(async () => {
    // On a fresh broker the services' first publish creates chat.events (and chat.messages) and polls for
    // its leaders for a while, which would outlive this suite: make the topics first, as the service's bus would.
    await ensureTopic(Topics.chat, 'nocturne-chat-instances-test');
    await ensureTopic(Topics.messages, 'nocturne-chat-instances-test');
    connection = await mongoose.createConnection(realInfrastructure.MONGODB_URI, { dbName: `nocturne_${database}`, serverSelectionTimeoutMS: 10_000 }).asPromise();
    for (let i = 0; i < 2; i++) {
      const own = await createAdapters({ service: database, env: { ...realInfrastructure }, logger: createLogger(`chat-${i + 1}`, { env: { LOG_LEVEL: 'warn' } }) });
      adapters.push(own);
      const config = parseEnv(chatService.environment, { CHAT_PORT: '0', INTERNAL_SECRET: internalSecret, LOG_LEVEL: 'silent' });
      const instance = chatService.create({ adapters: publishingOnly(own, quiet), config, logger: createLogger(`chat-${i + 1}`, { env: { LOG_LEVEL: 'warn' } }) });
      instances.push(instance);
      urls.push((await instance.start()).url);
    }
  }, 120_000);

  afterAll(async () => {
    for (const client of clients) await client.dispose();
    for (const instance of instances) await instance.stop().catch(() => undefined);
    for (const own of adapters) await own.close().catch(() => undefined);
    await quiet.close();
    await connection?.dropDatabase().catch(() => undefined);
    await connection?.close();
  }, 60_000);

  const graphql = async (url: string, uid: number, query: string, variables: Record<string, unknown>) => {
    const body = JSON.stringify({ query, variables });
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', [INTERNAL_CONTEXT_HEADER]: signGraphqlRequest({ uid, ip: '127.0.0.1' }, internalSecret, body) }, body, signal: AbortSignal.timeout(60_000) });
    return (await res.json()) as { data?: Record<string, never>; errors?: unknown[] };
  };

  /** A subscription as the gateway forwards one: the signature in the operation's extensions. */
  const subscribe = <T>(url: string, uid: number, query: string, variables: Record<string, unknown> = {}) => {
    const values: T[] = [];
    let done = false;
    const client = createClient({ url: url.replace('http://', 'ws://'), webSocketImpl: WebSocket, retryAttempts: 0 });
    clients.push(client);
    client.subscribe<T>(signSubscription({ uid, ip: '127.0.0.1' }, internalSecret, { query, variables }), { next: (value) => void values.push(value.data as T), error: () => undefined, complete: () => void (done = true) });
    return { values, isDone: () => done };
  };
  const publishSwipeEvent = async (type: string, aggregateId: string, data: Record<string, unknown>) => {
    const event: IntegrationEvent = { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), aggregateId, data, metadata: {} };
    await quiet.publish(Topics.swipe, [{ key: event.aggregateId, event }]);
  };

  it('delivers a message sent through one instance to a subscriber on the other, with the unread total', async () => {
    await publishSwipeEvent(SwipeEvents.MatchCreated.type, `pair-${alice}-${bob}`, { matchId, userIds: [alice, bob], superLikedBy: [], createdAt: new Date().toISOString() });
    const conversation = 'query ($m: Int!) { conversation(matchId: $m) { matchId } }';
    for (const url of urls) await eventually(async () => expect((await graphql(url, bob, conversation, { m: matchId })).errors).toBeUndefined(), { timeoutMs: 30_000, intervalMs: 200 });

    const { values: messages } = subscribe<{ messageSent: { content: string; senderId: number } }>(urls[0]!, bob, 'subscription ($m: Int!) { messageSent(matchId: $m) { content senderId } }', { m: matchId });
    const { values: unread } = subscribe<{ unreadTotal: number }>(urls[0]!, bob, 'subscription { unreadTotal }');
    await eventually(() => expect(unread.length).toBeGreaterThan(0), { timeoutMs: 30_000, intervalMs: 50 });

    const sent = await graphql(urls[1]!, alice, 'mutation ($input: SendMessageInput!) { sendMessage(input: $input) { id } }', { input: { matchId, content: 'across instances' } });
    expect(sent.errors).toBeUndefined();
    await eventually(() => expect(messages.length).toBeGreaterThan(0), { timeoutMs: 30_000, intervalMs: 20 });
    expect(messages).toEqual([{ messageSent: { content: 'across instances', senderId: alice } }]);
    await eventually(() => expect(unread.at(-1)?.unreadTotal).toBe(1), { timeoutMs: 30_000, intervalMs: 20 });
  }, 120_000);

  it("ends presence followed on one instance when a block ends the match, shows a stranger no exact presence, and answers someone else's match as an unknown one", async () => {
    const [carol, dave, stranger] = [matchId + 2, matchId + 3, matchId + 4];
    const theirMatch = matchId + 1;
    await publishSwipeEvent(SwipeEvents.MatchCreated.type, `pair-${carol}-${dave}`, { matchId: theirMatch, userIds: [carol, dave], superLikedBy: [], createdAt: new Date().toISOString() });
    const conversation = 'query ($m: Int!) { conversation(matchId: $m) { matchId } }';
    for (const url of urls) await eventually(async () => expect((await graphql(url, dave, conversation, { m: theirMatch })).errors).toBeUndefined(), { timeoutMs: 30_000, intervalMs: 200 });

    const presence = subscribe<{ presence: { isOnline: boolean } }>(urls[0]!, dave, 'subscription ($u: Int!) { presence(userId: $u) { isOnline } }', { u: carol });
    await eventually(() => expect(presence.values.length).toBeGreaterThan(0), { timeoutMs: 30_000, intervalMs: 20 });
    subscribe(urls[1]!, carol, 'subscription { unreadTotal }');
    await eventually(() => expect(presence.values.at(-1)?.presence.isOnline).toBe(true), { timeoutMs: 30_000, intervalMs: 20 });
    const user = 'query ($r: [_Any!]!) { _entities(representations: $r) { ... on User { lastSeenAt } } }';
    expect((await graphql(urls[1]!, dave, user, { r: [{ __typename: 'User', id: carol }] })).data).toEqual({ _entities: [{ lastSeenAt: expect.any(String) }] });
    expect((await graphql(urls[1]!, stranger, user, { r: [{ __typename: 'User', id: carol }] })).data).toEqual({ _entities: [{ lastSeenAt: null }] });

    const unknownMatch = theirMatch + 1_000;
    expect(await graphql(urls[0]!, stranger, conversation, { m: theirMatch })).toEqual(await graphql(urls[0]!, stranger, conversation, { m: unknownMatch }));
    const report = 'mutation ($m: Int!, $u: Int!) { reportUser(input: { userId: $u, reason: "spam", matchId: $m }) }';
    const refused = await graphql(urls[1]!, stranger, report, { m: theirMatch, u: carol });
    expect(JSON.stringify(refused.errors)).toContain('NOT_FOUND');
    expect(refused).toEqual(await graphql(urls[1]!, stranger, report, { m: unknownMatch, u: carol }));
    expect(await connection!.db!.collection('reports').countDocuments({ reporterId: stranger })).toBe(0);

    const endedAt = new Date().toISOString();
    await publishSwipeEvent(SwipeEvents.PersonBlocked.type, `pair-${carol}-${dave}`, { blockerId: carol, blockedId: dave, blockedAt: endedAt });
    await publishSwipeEvent(SwipeEvents.MatchEnded.type, `pair-${carol}-${dave}`, { matchId: theirMatch, userIds: [carol, dave], endedBy: carol, reason: 'block', endedAt });
    await eventually(() => expect(presence.isDone()).toBe(true), { timeoutMs: 30_000, intervalMs: 20 });
  }, 120_000);
});
