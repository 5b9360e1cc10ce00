import { randomBytes, randomUUID } from 'node:crypto';
import { createClient, type Client } from 'graphql-ws';
import mongoose from 'mongoose';
import { WebSocket } from 'ws';
import { chatService } from '@nocturne/chat';
import { SwipeEvents, Topics, type IntegrationEvent } from '@nocturne/contracts';
import { createAdapters, createLogger, InProcessEventBus, INTERNAL_CONTEXT_HEADER, parseEnv, signGraphqlRequest, signSubscription, type Adapters, type EventBus, type ServiceInstance } from '@nocturne/platform';
import { ensureTopic, hasRealInfrastructure, realInfrastructure, waitFor } from './harness';

// `--scale chat=2` on the real servers: two chat instances, each on adapters of its own (its own MongoDB
// and Redis clients) over one database; a subscriber on one instance receives what is sent through the
// other, carried by Redis pub/sub. Runs under `flock /tmp/nocturne-real.lock`; skipped without the servers.
const d = hasRealInfrastructure ? describe : describe.skip;

const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const database = `chatxi${runId}`;
const internalSecret = randomBytes(24).toString('base64url');
// Ids of this run only, so other runs' channels and rows never mix in.
const matchId = 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
const [alice, bob] = [matchId, matchId + 1];

/** Publishes on Kafka as the service would, but consumes the test's own in-process bus (not the shared topics). */
function publishingOnly(adapters: Adapters, quiet: EventBus): Adapters {
  const bus: EventBus = { publish: (topic, messages) => adapters.bus.publish(topic, messages), subscribe: (options) => quiet.subscribe(options), close: async () => {} };
  return { ...adapters, bus };
}

d('live chat across two chat instances on the real servers', () => {
  const quiet = new InProcessEventBus();
  const adapters: Adapters[] = [];
  const instances: ServiceInstance[] = [];
  const urls: string[] = [];
  const clients: Client[] = [];
  let connection: mongoose.Connection | undefined;

  beforeAll(async () => {
    // On a fresh broker the services' first publish creates chat.events and polls for its leaders for a
    // while, which would outlive this suite: make the topic first, as the service's bus would.
    await ensureTopic(Topics.chat, 'nocturne-chat-instances-test');
    connection = await mongoose.createConnection(realInfrastructure.MONGODB_URI, { dbName: `nocturne_${database}`, serverSelectionTimeoutMS: 10_000 }).asPromise();
    for (let i = 0; i < 2; i++) {
      const own = await createAdapters({ service: database, env: { ...realInfrastructure }, logger: createLogger(`chat-${i + 1}`, { env: { LOG_LEVEL: 'warn' } }) });
      adapters.push(own);
      const settings = parseEnv(chatService.environment, { CHAT_PORT: '0', INTERNAL_SECRET: internalSecret, LOG_LEVEL: 'silent' });
      const instance = chatService.create({ adapters: publishingOnly(own, quiet), settings, logger: createLogger(`chat-${i + 1}`, { env: { LOG_LEVEL: 'warn' } }) });
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
    const client = createClient({ url: url.replace('http://', 'ws://'), webSocketImpl: WebSocket, retryAttempts: 0 });
    clients.push(client);
    client.subscribe<T>(signSubscription({ uid, ip: '127.0.0.1' }, internalSecret, { query, variables }), { next: (value) => void values.push(value.data as T), error: () => undefined, complete: () => undefined });
    return values;
  };

  it('delivers a message sent through one instance to a subscriber on the other, with the unread total', async () => {
    const event: IntegrationEvent = { id: randomUUID(), type: SwipeEvents.MatchCreated.type, version: 1, occurredAt: new Date().toISOString(), aggregateId: `pair-${alice}-${bob}`, data: { matchId, userIds: [alice, bob], superLikedBy: [], createdAt: new Date().toISOString() }, metadata: {} };
    await quiet.publish(Topics.swipe, [{ key: event.aggregateId, event }]);
    const conversation = 'query ($m: Int!) { conversation(matchId: $m) { matchId } }';
    for (const url of urls) await waitFor('the conversation open on both instances', async () => !(await graphql(url, bob, conversation, { m: matchId })).errors, 30_000);

    const messages = subscribe<{ messageSent: { content: string; senderId: number } }>(urls[0]!, bob, 'subscription ($m: Int!) { messageSent(matchId: $m) { content senderId } }', { m: matchId });
    const unread = subscribe<{ unreadTotal: number }>(urls[0]!, bob, 'subscription { unreadTotal }');
    await waitFor('the unread subscription live', () => unread.length > 0, 30_000, 50);

    const sent = await graphql(urls[1]!, alice, 'mutation ($input: SendMessageInput!) { sendMessage(input: $input) { id } }', { input: { matchId, content: 'across instances' } });
    expect(sent.errors).toBeUndefined();
    await waitFor('the message on the other instance', () => messages.length > 0, 30_000, 20);
    expect(messages).toEqual([{ messageSent: { content: 'across instances', senderId: alice } }]);
    await waitFor('the unread total on the other instance', () => unread.at(-1)?.unreadTotal === 1, 30_000, 20);
  }, 120_000);
});
