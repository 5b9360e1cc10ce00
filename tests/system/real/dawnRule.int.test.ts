import { randomBytes, randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { chatService } from '@nocturne/chat';
import { ChatEvents, SwipeEvents, Topics, type IntegrationEvent } from '@nocturne/contracts';
import { createAdapters, type Adapters } from '@nocturne/platform/adapters';
import { parseEnv } from '@nocturne/platform/config';
import { INTERNAL_CONTEXT_HEADER, signGraphqlRequest } from '@nocturne/platform/http';
import { InProcessEventBus } from '@nocturne/platform/inprocess';
import type { ServiceInstance } from '@nocturne/platform/kit';
import { createLogger } from '@nocturne/platform/logging';
import { eventually } from '@nocturne/platform/testing';
import { ensureTopic, hasRealInfrastructure, publishingOnly, realInfrastructure, TopicWatcher } from '../support';

// The dawn rule on the real servers: a chat instance on MongoDB (its own database) and Kafka, on a clock
// the test moves. Time-Freeze tokens asked for in parallel are counted by MongoDB's event store (never more
// than Max's seven), the dawn rule's round finds the due conversations by a MongoDB query, and MatchFaded
// goes out on chat.events. Runs under `flock /tmp/nocturne-real.lock`; skipped without the servers.
const d = hasRealInfrastructure ? describe : describe.skip;

const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const database = `chatdawn${runId}`;
const internalSecret = randomBytes(24).toString('base64url');
// Ids of this run only: other runs' conversations on chat.events never mix in.
const base = 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
const owner = base;
const others = Array.from({ length: 9 }, (_, i) => base + 1 + i);

let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const setNow = (iso: string) => {
  offsetMs = Date.parse(iso) - Date.now();
};

d('the dawn rule on the real servers', () => {
  const quiet = new InProcessEventBus();
  let adapters: Adapters | undefined;
  let instance: ServiceInstance | undefined;
  let url = '';
  let watcher: TopicWatcher | undefined;
  let connection: mongoose.Connection | undefined;

  beforeAll(async () => {
    await ensureTopic(Topics.chat, 'nocturne-dawn-rule-test');
    await ensureTopic(Topics.messages, 'nocturne-dawn-rule-test');
    watcher = await TopicWatcher.start(Topics.chat);
    connection = await mongoose.createConnection(realInfrastructure.MONGODB_URI, { dbName: `nocturne_${database}`, serverSelectionTimeoutMS: 10_000 }).asPromise();
    adapters = await createAdapters({ service: database, env: { ...realInfrastructure }, logger: createLogger('chat', { env: { LOG_LEVEL: 'warn' } }) });
    const config = parseEnv(chatService.environment, { CHAT_PORT: '0', INTERNAL_SECRET: internalSecret, CHAT_DAWN_ROUND_MS: '200', LOG_LEVEL: 'silent' });
    instance = chatService.create({ adapters: publishingOnly(adapters, quiet), config, logger: createLogger('chat', { env: { LOG_LEVEL: 'warn' } }), clock });
    url = (await instance.start()).url;
  }, 120_000);

  afterAll(async () => {
    await instance?.stop().catch(() => undefined);
    await adapters?.close().catch(() => undefined);
    await watcher?.stop();
    await quiet.close();
    await connection?.dropDatabase().catch(() => undefined);
    await connection?.close();
  }, 60_000);

  const graphql = async (uid: number, query: string, variables: Record<string, unknown> = {}) => {
    const body = JSON.stringify({ query, variables });
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', [INTERNAL_CONTEXT_HEADER]: signGraphqlRequest({ uid, ip: '127.0.0.1' }, internalSecret, body) }, body, signal: AbortSignal.timeout(60_000) });
    return (await res.json()) as { data?: Record<string, never>; errors?: Array<{ extensions?: { code?: string; reason?: string } }> };
  };
  const publish = async (type: string, aggregateId: string, data: Record<string, unknown>) => {
    const event: IntegrationEvent = { id: randomUUID(), type, version: 1, occurredAt: clock().toISOString(), aggregateId, data, metadata: {} };
    await quiet.publish(Topics.swipe, [{ key: event.aggregateId, event }]);
  };
  const conversations = async (uid: number) => {
    const answer = await graphql(uid, '{ conversations { matchId fadesAt fadesAtDawn } }');
    expect(answer.errors).toBeUndefined();
    return (answer.data as unknown as { conversations: Array<{ matchId: number; fadesAt: string; fadesAtDawn: boolean }> }).conversations;
  };

  it('spends at most seven Time-Freezes however many are asked for at once, and fades the rest at dawn on chat.events', async () => {
    // 21:00 UTC (nobody set a zone): the night of that date, the next one, and the dawn at 04:00 two days on.
    const day = new Date(Date.now() + 2 * 24 * 3600_000).toISOString().slice(0, 10);
    const at = (days: number, hour: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 24 * 3600_000 + hour * 3600_000).toISOString();
    setNow(at(0, 21));
    await publish(SwipeEvents.PlanChanged.type, String(owner), { userId: owner, plan: 'max', expiresAt: null, changedAt: clock().toISOString() });
    const matchIds = others.map((other) => other + 100);
    for (const [i, other] of others.entries()) {
      await publish(SwipeEvents.MatchCreated.type, `pair-${owner}-${other}`, { matchId: matchIds[i], userIds: [owner, other], superLikedBy: [], createdAt: clock().toISOString() });
    }
    await eventually(async () => expect(await conversations(owner)).toHaveLength(9), { timeoutMs: 30_000, intervalMs: 200 });
    expect((await conversations(owner))[0]).toMatchObject({ fadesAt: at(2, 4), fadesAtDawn: false });
    await eventually(async () => expect((await graphql(owner, '{ timeFreezes { left } }')).data).toEqual({ timeFreezes: { left: 7 } }), { timeoutMs: 30_000, intervalMs: 200 });

    setNow(at(1, 22));
    const freeze = (matchId: number) => graphql(owner, 'mutation ($m: Int!) { freezeMatch(matchId: $m) { conversation { fadesAt } timeFreezes { left } } }', { m: matchId });
    const answers = await Promise.all(matchIds.map(freeze));
    const kept = matchIds.filter((_, i) => answers[i]!.errors === undefined);
    expect(kept.length).toBeLessThanOrEqual(7);
    for (const answer of answers.filter((each) => each.errors)) expect(['LIMIT_REACHED', 'CONFLICT']).toContain(answer.errors![0]!.extensions?.code);
    // Those that lost the race for the token stream (CONFLICT), one at a time, until the allowance is spent.
    for (const matchId of matchIds.filter((id) => !kept.includes(id))) {
      const again = await freeze(matchId);
      if (again.errors === undefined) kept.push(matchId);
      else expect(again.errors[0]!.extensions).toMatchObject({ code: 'LIMIT_REACHED', reason: 'time-freeze' });
    }
    expect(kept).toHaveLength(7);
    expect((await graphql(owner, '{ timeFreezes { left } }')).data).toEqual({ timeFreezes: { left: 0 } });

    setNow(at(2, 4));
    const faded = matchIds.filter((id) => !kept.includes(id));
    await eventually(async () => expect((await conversations(owner)).map((row) => row.matchId).sort()).toEqual([...kept].sort()), { timeoutMs: 30_000, intervalMs: 200 });
    const streams = faded.map((matchId) => `conversation-${owner}-${matchId - 100}`);
    const fadedOnTheBus = () => [...new Set(watcher!.deliveries.filter((delivery) => delivery.type === ChatEvents.MatchFaded.type && streams.includes(delivery.aggregateId ?? '')).map((delivery) => delivery.aggregateId))].sort();
    await eventually(() => expect(fadedOnTheBus()).toEqual([...streams].sort()), {
      timeoutMs: 60_000,
      intervalMs: 200,
    });
  }, 180_000);
});
