import { randomBytes } from 'node:crypto';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import mongoose from 'mongoose';
import { Topics, type IntegrationEvent } from '@nocturne/contracts';
import { createAdapters, type Adapters } from '@nocturne/platform/adapters';
import { parseEnv } from '@nocturne/platform/config';
import { INTERNAL_CONTEXT_HEADER, signGraphqlRequest } from '@nocturne/platform/http';
import { InProcessEventBus } from '@nocturne/platform/inprocess';
import type { ServiceInstance } from '@nocturne/platform/kit';
import { createLogger } from '@nocturne/platform/logging';
import { eventually } from '@nocturne/platform/testing';
import { swipeService } from '@nocturne/swipe';
import { ensureTopic, hasRealInfrastructure, publishingOnly, realInfrastructure } from '../support';

// Exactly one match per pair across instances, on the real servers: two swipe service instances, each on
// adapters of its own (its own MongoDB, Kafka and Redis clients) over one MongoDB database and Kafka, take
// the two likes of 1,000 pairs at the same time. Kafka must carry exactly 1,000 distinct MatchCreated
// (one per pair; the same event id twice is allowed, consumers dedupe by id) and the read model must hold
// 1,000 matches. Runs under `flock /tmp/nocturne-real.lock`; skipped without the real servers.
// SWIPE_MATCH_PAIRS and SWIPE_MATCH_IN_FLIGHT change the number of pairs and how many go at once.
const d = hasRealInfrastructure ? describe : describe.skip;

const FULL_PAIRS = 1_000;
const PAIRS = Number(process.env.SWIPE_MATCH_PAIRS ?? FULL_PAIRS);
const IN_FLIGHT = Number(process.env.SWIPE_MATCH_IN_FLIGHT ?? 64);
const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
// A database of this run only (dropped at the end); the service is the swipe service all the same.
const database = `swipexo${runId}`;
// User ids of this run only (GraphQL Int is 32 bits), so other runs' events on swipe.events never count.
const firstUserId = 1_000_000_000 + Math.floor(Math.random() * 500_000) * 2 * FULL_PAIRS;
const internalSecret = randomBytes(24).toString('base64url');

interface MatchSeen {
  id: string;
  userIds: [number, number];
}

/** Every MatchCreated of this run's people on swipe.events, from the offsets the topic had before. */
class MatchWatcher {
  readonly seen: MatchSeen[] = [];
  private constructor(private readonly consumer: Consumer) {}

  static async start(): Promise<MatchWatcher> {
    const kafka = new Kafka({ clientId: 'nocturne-swipe-matches-test', brokers: realInfrastructure.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING });
    // On a fresh broker the topics appear with the swipe service's first publish: make them now, so the
    // watcher can join the matches' (and no publish waits for the swipes' to be served).
    await ensureTopic(Topics.swipe, 'nocturne-swipe-matches-test');
    await ensureTopic(Topics.swipes, 'nocturne-swipe-matches-test');
    const admin = kafka.admin();
    await admin.connect();
    const starts = await admin.fetchTopicOffsets(Topics.swipe);
    await admin.disconnect();
    const consumer = kafka.consumer({ groupId: `swipe-matches-test-${runId}`, sessionTimeout: 10_000, heartbeatInterval: 1_000, maxWaitTimeInMs: 250 });
    const watcher = new MatchWatcher(consumer);
    await consumer.connect();
    await consumer.subscribe({ topics: [Topics.swipe], fromBeginning: true });
    // Skip what earlier runs left on the topic (their user ids differ anyway, so this only saves time):
    // messages before the offsets read above are ignored (a seek would race the group's first join).
    const firstOffset = new Map(starts.map(({ partition, offset }) => [partition, BigInt(offset)]));
    await consumer.run({
      eachMessage: async ({ partition, message }) => {
        if (BigInt(message.offset) < (firstOffset.get(partition) ?? 0n)) return;
        try {
          const event = JSON.parse(message.value?.toString('utf8') ?? '') as IntegrationEvent<string, { userIds?: [number, number] }>;
          const userIds = event.data?.userIds;
          if (event.type === 'MatchCreated' && userIds && userIds[0] >= firstUserId && userIds[1] <= firstUserId + 2 * FULL_PAIRS) watcher.seen.push({ id: event.id, userIds });
        } catch {
          // not an event of ours
        }
      },
    });
    return watcher;
  }

  stop = () => this.consumer.disconnect();
}

d('exactly one match per pair across two swipe instances on the real servers', () => {
  const quiet = new InProcessEventBus();
  const adapters: Adapters[] = [];
  const instances: ServiceInstance[] = [];
  const urls: string[] = [];
  let watcher: MatchWatcher | undefined;
  let connection: mongoose.Connection | undefined;

  beforeAll(async () => {
    watcher = await MatchWatcher.start();
    connection = await mongoose.createConnection(realInfrastructure.MONGODB_URI, { dbName: `nocturne_${database}`, serverSelectionTimeoutMS: 10_000 }).asPromise();
    if (PAIRS < FULL_PAIRS) console.warn(`${PAIRS} pairs instead of ${FULL_PAIRS} (SWIPE_MATCH_PAIRS sets the number)`);
    for (let i = 0; i < 2; i++) {
      const own = await createAdapters({ service: database, env: { ...realInfrastructure }, logger: createLogger(`swipe-${i + 1}`, { env: { LOG_LEVEL: 'warn' } }) });
      adapters.push(own);
      const config = parseEnv(swipeService.environment, { SWIPE_PORT: '0', INTERNAL_SECRET: internalSecret, SWIPE_WINDOW: 'always', LOG_LEVEL: 'silent' });
      const instance = swipeService.create({ adapters: publishingOnly(own, quiet), config, logger: createLogger(`swipe-${i + 1}`, { env: { LOG_LEVEL: 'warn' } }) });
      instances.push(instance);
      urls.push((await instance.start()).url);
    }
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) await instance.stop().catch(() => undefined);
    for (const own of adapters) await own.close().catch(() => undefined);
    await quiet.close();
    await watcher?.stop();
    await connection?.dropDatabase().catch(() => undefined);
    await connection?.close();
  }, 60_000);

  const swipe = async (url: string, swiperId: number, swipedId: number): Promise<{ isMatch: boolean; matchId: number | null }> => {
    const request = JSON.stringify({ query: 'mutation Like($input: SwipeInput!) { swipe(input: $input) { isMatch match { id } } }', variables: { input: { swipedId, kind: 'LIKE' } } });
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [INTERNAL_CONTEXT_HEADER]: signGraphqlRequest({ uid: swiperId, ip: '127.0.0.1' }, internalSecret, request) },
      body: request,
      signal: AbortSignal.timeout(60_000),
    });
    const body = (await res.json()) as { data?: { swipe: { isMatch: boolean; match: { id: number } | null } }; errors?: Array<{ message: string }> };
    if (!body.data) throw new Error(`swipe ${swiperId} -> ${swipedId}: ${res.status} ${JSON.stringify(body.errors)}`);
    return { isMatch: body.data.swipe.isMatch, matchId: body.data.swipe.match?.id ?? null };
  };

  it('turns concurrent mutual likes of 1,000 pairs into exactly one match each, on Kafka and in the read model', async () => {
    const pairs = Array.from({ length: PAIRS }, (_, i) => [firstUserId + 2 * i + 1, firstUserId + 2 * i + 2] as const);
    const userIds = pairs.flat();
    // The people, in one bulk insert into the deck's read model: onboarded candidates as the service's
    // projection would have written them from auth's and profile's events (which would take minutes here).
    const candidates = connection!.db!.collection('candidates');
    await candidates.insertMany(
      userIds.map((userId) => ({
        _id: String(userId),
        version: 1,
        userId,
        age: 30,
        gender: 'Other',
        kinks: [],
        interests: [],
        firstPhotoId: null,
        onboarded: true,
        latitude: null,
        longitude: null,
        city: null,
        cityName: null,
        timeZone: null,
        shuffle: Math.random(),
      })) as never[],
    );

    // Both likes of a pair in flight together, one on each instance.
    const likes = pairs.flatMap(([a, b], i) => [
      { pair: i, url: urls[i % 2]!, from: a, to: b },
      { pair: i, url: urls[(i + 1) % 2]!, from: b, to: a },
    ]);
    const answers: Array<{ pair: number; isMatch: boolean; matchId: number | null }> = [];
    let next = 0;
    const began = Date.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < likes.length) {
          const like = likes[next++]!;
          answers.push({ pair: like.pair, ...(await swipe(like.url, like.from, like.to)) });
        }
      }),
    );
    const swipeMs = Date.now() - began;

    // Each pair: exactly one of its two likes answered isMatch (the later one), with one match id.
    const matchAnswers = answers.filter((answer) => answer.isMatch);
    expect(new Set(matchAnswers.map((answer) => answer.pair)).size).toBe(PAIRS);
    expect(matchAnswers).toHaveLength(PAIRS);
    expect(new Set(matchAnswers.map((answer) => answer.matchId)).size).toBe(PAIRS);

    // The read model: 1,000 matches, one per pair.
    const matches = connection!.db!.collection<{ userIds: [number, number] }>('matches');
    await eventually(async () => expect(await matches.countDocuments({ userIds: { $gte: firstUserId } })).toBeGreaterThanOrEqual(PAIRS), { timeoutMs: 60_000, intervalMs: 250 });
    const rows = await matches.find({ userIds: { $gte: firstUserId } }).toArray();
    expect(rows).toHaveLength(PAIRS);
    expect(new Set(rows.map((row) => row.userIds.join('+'))).size).toBe(PAIRS);

    // The event store holds exactly one MatchCreated per pair; Kafka carries exactly those ids.
    const stored = await connection!.db!.collection<{ _id: number; id: string; type: string }>('events').find({ type: 'MatchCreated' }).toArray();
    expect(stored).toHaveLength(PAIRS);
    const storedIds = new Set(stored.map((event) => event.id));
    await eventually(() => expect(new Set(watcher!.seen.map((seen) => seen.id)).size).toBeGreaterThanOrEqual(PAIRS), { timeoutMs: 60_000, intervalMs: 250 });
    const byPair = new Map<string, Set<string>>();
    for (const seen of watcher!.seen) byPair.set(seen.userIds.join('+'), (byPair.get(seen.userIds.join('+')) ?? new Set()).add(seen.id));
    expect(byPair.size).toBe(PAIRS);
    expect([...byPair.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(new Set(watcher!.seen.map((seen) => seen.id))).toEqual(storedIds);
    console.warn(`${PAIRS} pairs, ${likes.length} likes on 2 instances in ${swipeMs} ms; ${watcher!.seen.length} MatchCreated deliveries for ${storedIds.size} distinct events`);
  }, 900_000);
});
