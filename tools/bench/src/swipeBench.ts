/* eslint-disable no-console -- a command-line benchmark: its output is the point */
import { cpus } from 'node:os';
import { GatewayClient } from '@nocturne/demo';
import { readBenchEnvironment } from './environment';
import { httpClient, runLoad, type LoadResult } from './load';
import { startBareServer, startStack, type Running } from './processes';

// npm run bench:swipe: swipes per second and their latency through the gateway (POST /api/swipes with
// real sessions and real candidates), beside the gateway's own trivial query and a bare Node HTTP server
// measured in the same run. The stack runs as `npm start` runs it: embedded, or with the real servers
// when KAFKA_BROKERS, MONGODB_URI and REDIS_URL are set (then under `flock /tmp/nocturne-real.lock`; the
// people it makes delete their accounts at the end).

interface Person {
  id: number;
  cookie: string;
}

type Row = LoadResult & { cpuMsPerRequest: number };

const table = (rows: Row[]) => {
  const pad = (text: string, width: number) => text.padStart(width);
  const lines = [`${'path'.padEnd(44)}${pad('req/s', 9)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}${pad('p99 ms', 9)}${pad('errors', 8)}${pad('CPU ms/req', 12)}`];
  for (const row of rows) {
    lines.push(
      `${row.name.padEnd(44)}${pad(row.perSecond.toFixed(0), 9)}${pad(row.p50.toFixed(1), 9)}${pad(row.p95.toFixed(1), 9)}${pad(row.p99.toFixed(1), 9)}${pad(String(row.errors), 8)}${pad(row.cpuMsPerRequest.toFixed(2), 12)}`,
    );
  }
  return lines.join('\n');
};

/**
 * A warm-up (connections, caches, the JIT), then the run, with the CPU time the server side used per
 * request: a figure that holds where other work shares the machine, unlike requests per second.
 */
async function measured(server: Running, warmupMs: number, run: (durationMs?: number) => Promise<LoadResult>): Promise<Row> {
  if (warmupMs > 0) await run(warmupMs);
  const before = server.cpuMs();
  const result = await run();
  return { ...result, cpuMsPerRequest: (server.cpuMs() - before) / Math.max(1, result.requests + result.errors) };
}

/**
 * Where the bench people live: far from anyone (the South Atlantic), so that on shared real servers they
 * turn up in nobody else's deck while they exist; they delete their accounts at the end.
 */
const BENCH_PLACE = { latitude: -37.1, longitude: -12.3 };

/** People who can all swipe each other: signed up, onboarded, placed close together, on Plus (no nightly like limit). */
async function makePeople(url: string, count: number): Promise<Person[]> {
  const run = Date.now().toString(36);
  const people: Person[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) {
        const i = next++;
        const client = new GatewayClient(url);
        const { id } = await client.signUp({ username: `b${run}${i}`, email: `b${run}${i}@bench.nocturne.test`, password: `bench-${run}-${i}`, name: 'Bench Person', age: 20 + (i % 40) });
        await client.completeOnboarding(id, { gender: ['Female', 'Male', 'Other'][i % 3]!, kinks: ['Praise'], interests: ['Art'], bio: 'Benchmarking the night.' });
        await client.updateLocation(id, { latitude: BENCH_PLACE.latitude + ((i % 20) - 10) / 200, longitude: BENCH_PLACE.longitude + (Math.floor(i / 20) - 5) / 200 });
        await client.choosePlan('plus', 'monthly');
        people.push({ id, cookie: client.sessionCookie! });
      }
    }),
  );
  return people.sort((a, b) => a.id - b.id);
}

async function main() {
  const settings = readBenchEnvironment();
  const mode = settings.real ? 'real servers, one process per service' : 'embedded, one process';
  console.log(`Nocturne swipe benchmark: ${mode}; ${cpus().length} CPUs, Node ${process.version}; ${settings.BENCH_CONNECTIONS} connections, ${settings.BENCH_SECONDS} s per run`);
  const durationMs = settings.BENCH_SECONDS * 1000;
  const warmupMs = Math.min(3000, durationMs / 3);
  const running: Running[] = [];
  try {
    const bare = await startBareServer();
    running.push(bare);
    const stack = await startStack(settings);
    running.push(stack);

    console.log(`setting up ${settings.BENCH_PEOPLE} people through the API...`);
    const people = await makePeople(stack.url, settings.BENCH_PEOPLE);
    // The swipe service learns of them through the bus: wait until the last one can see the others.
    const last = new GatewayClient(stack.url);
    last.sessionCookie = people[people.length - 1]!.cookie;
    for (let tries = 0; ; tries++) {
      const res = await last.fetch('/api/profiles?limit=50');
      if (res.ok && ((await res.json()) as unknown[]).length >= Math.min(50, people.length - 1)) break;
      if (tries > 600) throw new Error('the people did not reach the deck');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const bareClient = httpClient(bare.url);
    const gateway = httpClient(stack.url);
    const expectOk = (answer: { status: number; body: string }) => {
      if (answer.status !== 200) throw new Error(`${answer.status} ${answer.body.slice(0, 200)}`);
    };
    const results: Row[] = [];
    const connections = settings.BENCH_CONNECTIONS;

    results.push(await measured(bare, warmupMs, (ms = durationMs) => runLoad({ name: 'bare Node HTTP server', connections, durationMs: ms, send: async () => expectOk(await bareClient.send('GET', '/')) })));
    const trivial = JSON.stringify({ query: '{ __typename }' });
    results.push(await measured(stack, warmupMs, (ms = durationMs) => runLoad({ name: 'gateway: POST /graphql { __typename }', connections, durationMs: ms, send: async () => expectOk(await gateway.send('POST', '/graphql', { body: trivial })) })));

    // Every swipe is new: person i swipes i+1, i+2, ... in turn (a repeated swipe would be answered from what is stored).
    let swipeNumber = 0;
    const available = people.length * (people.length - 1);
    let firstFailure: string | undefined;
    const swipe = async () => {
      const k = swipeNumber++;
      if (k >= available) throw new Error('no new swipes left: raise BENCH_PEOPLE');
      const swiper = people[k % people.length]!;
      const swiped = people[(k % people.length + 1 + Math.floor(k / people.length)) % people.length]!;
      const answer = await gateway.send('POST', '/api/swipes', {
        body: JSON.stringify({ swiperId: swiper.id, swipedId: swiped.id, isLike: true, timestamp: new Date().toISOString() }),
        headers: { cookie: swiper.cookie, origin: stack.url },
      });
      if (answer.status !== 200) {
        firstFailure ??= `${answer.status} ${answer.body.slice(0, 200)}`;
        throw new Error(firstFailure);
      }
    };
    const flatOut = await measured(stack, warmupMs, (ms = durationMs) => runLoad({ name: 'POST /api/swipes, flat out', connections, durationMs: ms, send: swipe }));
    results.push(flatOut);
    const half = Math.max(1, Math.floor(flatOut.perSecond / 2));
    results.push(await measured(stack, 0, (ms = durationMs) => runLoad({ name: `POST /api/swipes at ${half}/s (half the max)`, connections, durationMs: ms, ratePerSecond: half, send: swipe })));

    console.log(`\n${table(results)}\n`);
    const [bareResult, trivialResult] = results;
    console.log(`swipes/s ÷ gateway trivial query: ${(flatOut.perSecond / trivialResult!.perSecond).toFixed(2)}; ÷ bare Node server: ${(flatOut.perSecond / bareResult!.perSecond).toFixed(3)}`);
    console.log(`swipes made: ${Math.min(swipeNumber, available)} of ${available} possible (${people.length} people)${firstFailure ? `; first failure: ${firstFailure}` : ''}`);
    bareClient.close();
    gateway.close();
    // Erased like anyone who deletes their account (on real servers the databases outlive the run).
    for (const person of people) await gateway.send('DELETE', '/api/account', { body: '{}', headers: { cookie: person.cookie, origin: stack.url } });
  } finally {
    for (const part of running.reverse()) await part.stop();
  }
}

main().catch((error: unknown) => {
  console.error('bench:swipe failed:', error);
  process.exit(1);
});
