/* eslint-disable no-console -- a command-line benchmark: its output is the point */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import mongoose from 'mongoose';
import { DefaultKinkVisibility } from '@nocturne/contracts';
import { createAdapters, type Adapters } from '@nocturne/platform/adapters';
import { parseEnv } from '@nocturne/platform/config';
import { INTERNAL_CONTEXT_HEADER, signGraphqlRequest } from '@nocturne/platform/http';
import { createLogger } from '@nocturne/platform/logging';
import { boundingBox, DISTANCE_BANDS_KM, swipeService, type CandidateRow } from '@nocturne/swipe';
import { OWL_CITY } from '@nocturne/demo';
import { readBenchEnvironment } from './environment';
import { summarize, type LoadResult } from './load';
import { cpuPerRequest, cpuSnapshot, loadAverage } from './processes';

// npm run bench:deck: the deck at 100,000 profiles. The swipe service's deck lookup (its GraphQL `deck`
// over HTTP, as the gateway calls it) on the embedded read model and, when MONGODB_URI (with
// KAFKA_BROKERS and REDIS_URL) is set, on MongoDB in a throwaway database, beside the same candidate
// query on the raw MongoDB driver, measured in the same run, with MongoDB's plan (explain) for it (the
// MongoDB stand-in of infra/up.sh has no explain: there the plan is left out).

const KM_PER_DEGREE = 111.195;
const DECK_LIMIT = 20;
const internalSecret = randomBytes(24).toString('base64url');

/** Candidates spread over a disc of 150 km around the city, denser towards the middle, as a country's people are. */
function candidates(count: number): CandidateRow[] {
  let seed = 42;
  const next = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  const genders = ['Female', 'Male', 'Other'] as const;
  return Array.from({ length: count }, (_, i) => {
    const distance = 150 * next() ** 1.5;
    const bearing = next() * 2 * Math.PI;
    const latitude = OWL_CITY.latitude + (distance * Math.cos(bearing)) / KM_PER_DEGREE;
    const longitude = OWL_CITY.longitude + (distance * Math.sin(bearing)) / (KM_PER_DEGREE * Math.cos((OWL_CITY.latitude * Math.PI) / 180));
    const userId = i + 1;
    return {
      _id: String(userId),
      version: 1,
      userId,
      age: 18 + Math.floor(next() * 50),
      gender: genders[i % 3]!,
      kinks: [],
      publicKinks: [],
      kinkVisibility: DefaultKinkVisibility,
      interests: [],
      onboarded: true,
      latitude: Math.round(latitude * 1e4) / 1e4,
      longitude: Math.round(longitude * 1e4) / 1e4,
      city: null,
      cityName: null,
      timeZone: OWL_CITY.timeZone,
      shuffle: next(),
    };
  });
}

/** The candidate query the deck runs for its nearest distance band (deck/application.ts), for the raw driver. */
function firstBandQuery(viewer: CandidateRow) {
  const box = boundingBox({ latitude: viewer.latitude!, longitude: viewer.longitude! }, DISTANCE_BANDS_KM[0]);
  return {
    filter: {
      onboarded: true,
      erased: { $ne: true },
      userId: { $nin: [viewer.userId] },
      age: { $gte: 18, $lte: 60 },
      latitude: { $gte: box.latitude.min, $lte: box.latitude.max },
      ...(box.longitude.length === 1 ? { longitude: { $gte: box.longitude[0]!.min, $lte: box.longitude[0]!.max } } : { $or: box.longitude.map((range) => ({ longitude: { $gte: range.min, $lte: range.max } })) }),
    },
    sort: { shuffle: 1 as const },
    limit: DECK_LIMIT * 4,
  };
}

type Timed = LoadResult & { cpuMsPerLookup: number };

/** One lookup after another; with the CPU each cost this process (the service and its caller) and, on real servers, the servers. */
async function timeEach(name: string, count: number, real: boolean, one: (i: number) => Promise<void>): Promise<Timed> {
  const latencies: number[] = [];
  let errors = 0;
  const cpuBefore = cpuSnapshot({ real });
  const began = performance.now();
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    try {
      await one(i);
      latencies.push(performance.now() - start);
    } catch (error) {
      if (errors === 0) console.error(`${name}: ${(error as Error).message}`);
      errors += 1;
    }
  }
  const seconds = (performance.now() - began) / 1000;
  const cpu = cpuPerRequest(cpuBefore, cpuSnapshot({ real }), count);
  return { ...summarize(name, latencies, errors, seconds), cpuMsPerLookup: Object.values(cpu).reduce((total, ms) => total + ms, 0) };
}

const row = (result: Timed) =>
  `${result.name.padEnd(60)}${result.p50.toFixed(1).padStart(9)}${result.p95.toFixed(1).padStart(9)}${result.p99.toFixed(1).padStart(9)}${String(result.requests).padStart(9)}${String(result.errors).padStart(8)}${result.cpuMsPerLookup.toFixed(2).padStart(12)}`;

async function benchVariant(
  label: string,
  adapters: Adapters,
  seed: (rows: CandidateRow[]) => Promise<void>,
  profiles: CandidateRow[],
  queries: number,
  baseline: { real: false } | { real: true; connection: mongoose.Connection; explains: boolean },
): Promise<Timed[]> {
  const logger = createLogger('deck-bench', { env: { LOG_LEVEL: 'warn' } });
  const began = performance.now();
  await seed(profiles);
  console.log(`${label}: ${profiles.length} profiles in the read model in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  const config = parseEnv(swipeService.environment, { SWIPE_PORT: '0', INTERNAL_SECRET: internalSecret, SWIPE_WINDOW: 'always', LOG_LEVEL: 'warn', SWIPE_DECK_READS_PER_MINUTE: '1000000' });
  const service = swipeService.create({ adapters, config, logger });
  const { url } = await service.start();
  try {
    // Viewers spread over the area: the deck differs by where they are.
    const viewers = Array.from({ length: 50 }, (_, i) => profiles[(i * 7919) % profiles.length]!);
    const deck = async (i: number) => {
      const viewer = viewers[i % viewers.length]!;
      const request = JSON.stringify({ query: `{ deck(limit: ${DECK_LIMIT}) { cards { distanceKm user { id } } } }` });
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [INTERNAL_CONTEXT_HEADER]: signGraphqlRequest({ uid: viewer.userId, ip: '127.0.0.1' }, internalSecret, request) },
        body: request,
      });
      const body = (await res.json()) as { data?: { deck: { cards: unknown[] } }; errors?: unknown };
      if (!body.data || body.data.deck.cards.length === 0) throw new Error(`deck: ${res.status} ${JSON.stringify(body.errors ?? body.data)}`);
    };
    // The first lookup once the service answers: on the MongoDB stand-in the indexes the service declares
    // are built over the rows just seeded, and meanwhile its one worker thread answers nothing else.
    const answersBy = Date.now() + 120_000;
    for (;;) {
      try {
        await deck(0);
        break;
      } catch (error) {
        if (Date.now() > answersBy) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
    console.log(`${label}: the deck answers ${((performance.now() - began) / 1000).toFixed(1)} s after the seeding began`);
    for (let i = 0; i < Math.min(10, queries); i++) await deck(i);
    const results = [await timeEach(`${label}: the swipe service's deck (GraphQL, ${DECK_LIMIT} cards)`, queries, baseline.real, deck)];
    if (!baseline.real) {
      // The baseline: the same candidate query straight on the read model, no service around it.
      const collection = adapters.readModels.collection<CandidateRow>('candidates');
      const direct = async (i: number) => {
        const { filter, sort, limit } = firstBandQuery(viewers[i % viewers.length]!);
        await collection.find(filter as never, { sort, limit });
      };
      for (let i = 0; i < Math.min(10, queries); i++) await direct(i);
      results.push(await timeEach(`${label}: the same candidate query, read model alone`, queries, false, direct));
    } else {
      const collection = baseline.connection.db!.collection('candidates');
      const rawQuery = async (i: number) => {
        const { filter, sort, limit } = firstBandQuery(viewers[i % viewers.length]!);
        await collection.find(filter as never).sort(sort).limit(limit).toArray();
      };
      for (let i = 0; i < Math.min(10, queries); i++) await rawQuery(i);
      results.push(await timeEach(`${label}: the same candidate query, raw driver`, queries, true, rawQuery));
      if (baseline.explains) {
        const { filter, sort, limit } = firstBandQuery(viewers[0]!);
        const plan = (await collection.find(filter as never).sort(sort).limit(limit).explain()) as Record<string, unknown>;
        console.log(`${label}: explain() of that query: ${JSON.stringify(plan.queryPlanner ?? plan).slice(0, 600)}`);
      }
    }
    return results;
  } finally {
    await service.stop();
  }
}

async function main() {
  const settings = readBenchEnvironment();
  console.log(`Nocturne deck benchmark: ${settings.BENCH_PROFILES} profiles; ${cpus().length} CPUs, Node ${process.version}; ${settings.BENCH_QUERIES} lookups per variant; load average ${loadAverage()}`);
  const profiles = candidates(settings.BENCH_PROFILES);
  const results: Timed[] = [];

  const embedded = await createAdapters({ service: 'swipe', dataDir: null, env: {} });
  try {
    const collection = embedded.readModels.collection<CandidateRow>('candidates');
    results.push(...(await benchVariant('embedded', embedded, async (rows) => { for (const row of rows) await collection.upsert(row); }, profiles, settings.BENCH_QUERIES, { real: false })));
  } finally {
    await embedded.close();
  }

  if (settings.real) {
    const service = `deckbench${Date.now().toString(36)}`;
    const adapters = await createAdapters({ service, env: settings.variables });
    const raw = await mongoose.createConnection(settings.variables.MONGODB_URI!, { dbName: `nocturne_${service}`, serverSelectionTimeoutMS: 10_000 }).asPromise();
    try {
      // The stand-in of infra/up.sh names itself in buildInfo; it answers no explain.
      const standIn = 'nocturneStandIn' in (await raw.db!.admin().command({ buildInfo: 1 }));
      const label = standIn ? 'MongoDB stand-in' : 'MongoDB';
      const seed = async (rows: CandidateRow[]) => {
        const collection = raw.db!.collection<CandidateRow>('candidates');
        for (let i = 0; i < rows.length; i += 5_000) await collection.insertMany(rows.slice(i, i + 5_000) as never[]);
      };
      results.push(...(await benchVariant(label, adapters, seed, profiles, settings.BENCH_QUERIES, { real: true, connection: raw, explains: !standIn })));
    } finally {
      await raw.db!.dropDatabase().catch(() => undefined);
      await raw.close();
      await adapters.close();
    }
  } else {
    console.log('MongoDB: skipped (set KAFKA_BROKERS, MONGODB_URI and REDIS_URL; run under flock /tmp/nocturne-real.lock)');
  }

  console.log(`\n${'lookup'.padEnd(60)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'count'.padStart(9)}${'errors'.padStart(8)}${'CPU ms/req'.padStart(12)}`);
  for (const result of results) console.log(row(result));
  // Each variant: the service's deck, then its baseline.
  for (let i = 0; i + 1 < results.length; i += 2) {
    const [deck, baseline] = [results[i]!, results[i + 1]!];
    console.log(`${deck.name.split(':')[0]}: deck ÷ its baseline: p50 ${(deck.p50 / baseline.p50).toFixed(1)}×, CPU per lookup ${(deck.cpuMsPerLookup / baseline.cpuMsPerLookup).toFixed(1)}×`);
  }
  console.log(`CPU ms/req: this process (the service and its caller)${settings.real ? ', and on the real servers Kafka, Redis and the MongoDB stand-in' : ''}`);
  console.log(`aim: p95 of the swipe service's deck at most 30 ms; load average at the end ${loadAverage()}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench:deck failed:', error);
    process.exit(1);
  },
);
