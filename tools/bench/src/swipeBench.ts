/* eslint-disable no-console -- a command-line benchmark: its output is the point */
import { cpus } from 'node:os';
import { createArgon2Passwords } from '@nocturne/auth';
import { GatewayClient } from '@nocturne/demo';
import { readBenchEnvironment } from './environment';
import { httpClient, percentile, runLoad, type LoadResult } from './load';
import { cpuLine, cpuPerRequest, cpuSnapshot, loadAverage, settled, startBareServer, startScaledStack, startStack, type Running } from './processes';

// npm run bench:swipe: swipes per second and their latency through the gateway (POST /api/swipes with
// real sessions and real candidates), beside the gateway's own trivial query and a bare Node HTTP server
// measured in the same run; before that, a sign-up and a swipe at light load (one at a time). The stack
// runs as `npm start` runs it: embedded, or with the real servers when KAFKA_BROKERS, MONGODB_URI and
// REDIS_URL are set (then under `flock /tmp/nocturne-real.lock`; the people it makes delete their accounts
// at the end). On the real servers it also measures one swipe instance against two behind the gateway.

interface Person {
  id: number;
  cookie: string;
}

type Row = LoadResult & { cpuMsPerRequest: number };

const pad = (text: string, width: number) => text.padStart(width);

const table = (rows: Row[]) => {
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
async function measured(server: Running, warmupMs: number, run: (durationMs?: number) => Promise<LoadResult>): Promise<Row & { cpuMsPerProcess: Record<string, number> }> {
  if (warmupMs > 0) await run(warmupMs);
  const [before, serverBefore] = [cpuSnapshot({ stack: server, real }), server.cpuMs()];
  const result = await run();
  const [after, serverAfter] = [cpuSnapshot({ stack: server, real }), server.cpuMs()];
  const requests = Math.max(1, result.requests + result.errors);
  return { ...result, cpuMsPerRequest: (serverAfter - serverBefore) / requests, cpuMsPerProcess: cpuPerRequest(before, after, requests) };
}

/** Whether the stack runs on the real servers (their CPU time then counts). */
let real = false;

/**
 * Where the bench people live: far from anyone (the South Atlantic), so that on shared real servers they
 * turn up in nobody else's deck while they exist; they delete their accounts at the end.
 */
const BENCH_PLACE = { latitude: -37.1, longitude: -12.3 };

const run = Date.now().toString(36);
let made = 0;

/** Someone new, onboarded, placed close to the others and on Plus (no nightly like limit); `timeSignUp` hears how long the sign-up took. */
async function makePerson(url: string, timeSignUp?: (ms: number) => void): Promise<Person> {
  const i = made++;
  const client = new GatewayClient(url);
  const began = performance.now();
  const { id } = await client.signUp({ username: `b${run}${i}`, email: `b${run}${i}@bench.nocturne.test`, password: `bench-${run}-${i}`, name: 'Bench Person', age: 20 + (i % 40) });
  timeSignUp?.(performance.now() - began);
  await client.completeOnboarding(id, { gender: ['Female', 'Male', 'Other'][i % 3]!, kinks: ['Praise'], interests: ['Art'], bio: 'Benchmarking the night.' });
  await client.updateLocation(id, { latitude: BENCH_PLACE.latitude + ((i % 20) - 10) / 200, longitude: BENCH_PLACE.longitude + (Math.floor(i / 20) - 5) / 200 });
  await client.choosePlan('plus', 'monthly');
  return { id, cookie: client.sessionCookie! };
}

/** People who can all swipe each other, made four at a time. */
async function makePeople(url: string, count: number): Promise<Person[]> {
  const people: Person[] = [];
  let started = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (started < count) {
        started += 1;
        people.push(await makePerson(url));
      }
    }),
  );
  return people.sort((a, b) => a.id - b.id);
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms (${sorted.length})`;
};

/** A sign-up and a swipe at light load: one at a time, nothing else in flight; and the password hash alone. */
async function lightLoad(url: string, count: number) {
  const signUps: number[] = [];
  const people: Person[] = [];
  for (let i = 0; i < count; i++) people.push(await makePerson(url, (ms) => signUps.push(ms)));
  const gateway = httpClient(url, 4);
  const swipes: number[] = [];
  for (let i = 0; i < count; i++) {
    const [swiper, swiped] = [people[i]!, people[(i + 1) % count]!];
    const began = performance.now();
    const answer = await gateway.send('POST', '/api/swipes', {
      body: JSON.stringify({ swiperId: swiper.id, swipedId: swiped.id, isLike: true, timestamp: new Date().toISOString() }),
      headers: { cookie: swiper.cookie, origin: url },
    });
    if (answer.status !== 200) throw new Error(`a swipe at light load answered ${answer.status} ${answer.body.slice(0, 200)}`);
    swipes.push(performance.now() - began);
  }
  gateway.close();
  // The auth service's own hashing (argon2id, its default settings), timed here on the same machine.
  const passwords = await createArgon2Passwords();
  const hashes: number[] = [];
  for (let i = 0; i < count; i++) {
    const began = performance.now();
    await passwords.hash(`bench-password-${i}`);
    hashes.push(performance.now() - began);
  }
  const p50 = (values: number[]) => percentile([...values].sort((a, b) => a - b), 0.5);
  console.log(`light load, one request at a time (${count} people):`);
  console.log(`  sign-up         ${summary(signUps)}`);
  console.log(`  argon2id hash   ${summary(hashes)} (the auth service's settings, in this process)`);
  console.log(`  sign-up without the hash: p50 about ${(p50(signUps) - p50(hashes)).toFixed(1)} ms; aim under 50 ms: ${p50(signUps) - p50(hashes) < 50 ? 'met' : 'missed'}`);
  console.log(`  swipe (a like)  ${summary(swipes)}; aim p50 under 50 ms: ${p50(swipes) < 50 ? 'met' : 'missed'}`);
  return people;
}

/**
 * Matched pairs among the light-load people (each liked the next one there): the second of each two likes
 * the first back. Their matches carry the chat sends measured beside the swipes.
 */
async function matchPairs(url: string, people: Person[]): Promise<Array<{ a: Person; b: Person; matchId: number }>> {
  const gateway = httpClient(url, 4);
  const pairs: Array<{ a: Person; b: Person; matchId: number }> = [];
  for (let i = 0; i + 1 < people.length; i += 2) {
    const [a, b] = [people[i]!, people[i + 1]!];
    const answer = await gateway.send('POST', '/api/swipes', {
      body: JSON.stringify({ swiperId: b.id, swipedId: a.id, isLike: true, timestamp: new Date().toISOString() }),
      headers: { cookie: b.cookie, origin: url },
    });
    const matchId = answer.status === 200 ? (JSON.parse(answer.body) as { matchId: number | null }).matchId : null;
    if (matchId === null) throw new Error(`a like back made no match: ${answer.status} ${answer.body.slice(0, 200)}`);
    pairs.push({ a, b, matchId });
  }
  gateway.close();
  return pairs;
}

/** Chat messages between matched people, turn about (POST /api/messages). */
function sends(pairs: Array<{ a: Person; b: Person; matchId: number }>, url: string) {
  let k = 0;
  let firstFailure: string | undefined;
  const gateway = httpClient(url);
  return {
    async send() {
      const n = k++;
      const pair = pairs[n % pairs.length]!;
      const from = Math.floor(n / pairs.length) % 2 === 0 ? pair.a : pair.b;
      const answer = await gateway.send('POST', '/api/messages', {
        body: JSON.stringify({ matchId: pair.matchId, senderId: from.id, content: `bench message ${n}` }),
        headers: { cookie: from.cookie, origin: url },
      });
      if (answer.status !== 201) {
        firstFailure ??= `${answer.status} ${answer.body.slice(0, 200)}`;
        throw new Error(firstFailure);
      }
    },
    report: () => `messages sent: ${k} in ${pairs.length} matches${firstFailure ? `; first failure: ${firstFailure}` : ''}`,
    close: () => gateway.close(),
  };
}

/**
 * Swipes nobody made yet: person i swipes i+1, i+2, ... in turn (a repeated swipe would be answered from
 * what is stored). The likes back, which make matches, begin after about half of the possible swipes:
 * `BENCH_PEOPLE` is chosen so that a run stays before them, and `matches()` tells how many came.
 */
function swipes(people: Person[], url: string) {
  let swipeNumber = 0;
  let matches = 0;
  const available = people.length * (people.length - 1);
  let firstFailure: string | undefined;
  const gateway = httpClient(url);
  return {
    async swipe() {
      const k = swipeNumber++;
      if (k >= available) throw new Error('no new swipes left: raise BENCH_PEOPLE');
      const swiper = people[k % people.length]!;
      const swiped = people[((k % people.length) + 1 + Math.floor(k / people.length)) % people.length]!;
      const answer = await gateway.send('POST', '/api/swipes', {
        body: JSON.stringify({ swiperId: swiper.id, swipedId: swiped.id, isLike: true, timestamp: new Date().toISOString() }),
        headers: { cookie: swiper.cookie, origin: url },
      });
      if (answer.status !== 200) {
        firstFailure ??= `${answer.status} ${answer.body.slice(0, 200)}`;
        throw new Error(firstFailure);
      }
      if (answer.body.includes('"isMatch":true')) matches += 1;
    },
    /** Swipes answered with a match so far (a match costs more: its id, chat's conversation, their waits). */
    matches: () => matches,
    /** The same people, swiping through another stack (the next swipes, not the same ones again). */
    through(other: string) {
      const next = swipes(people, other);
      next.skip(swipeNumber);
      return next;
    },
    skip(count: number) {
      swipeNumber += count;
    },
    report: () => `swipes made: ${Math.min(swipeNumber, available)} of ${available} possible (${people.length} people)${firstFailure ? `; first failure: ${firstFailure}` : ''}`,
    made: () => swipeNumber,
    close: () => gateway.close(),
  };
}

async function main() {
  const settings = readBenchEnvironment();
  real = settings.real;
  const mode = settings.real ? 'real servers, one process per service' : 'embedded, one process';
  console.log(`Nocturne swipe benchmark: ${mode}; ${cpus().length} CPUs, Node ${process.version}; ${settings.BENCH_CONNECTIONS} connections, ${settings.BENCH_SECONDS} s per run; load average ${loadAverage()}`);
  const durationMs = settings.BENCH_SECONDS * 1000;
  const warmupMs = Math.min(3000, durationMs / 3);
  const connections = settings.BENCH_CONNECTIONS;
  const running: Running[] = [];
  const everyone: Person[] = [];
  let stackUrl = '';
  try {
    const bare = await startBareServer();
    running.push(bare);
    const stack = await startStack(settings);
    running.push(stack);
    stackUrl = stack.url;

    const light = await lightLoad(stack.url, settings.BENCH_LIGHT_PEOPLE);
    everyone.push(...light);
    const matched = await matchPairs(stack.url, light);
    console.log(`\nsetting up ${settings.BENCH_PEOPLE} people through the API...`);
    const people = await makePeople(stack.url, settings.BENCH_PEOPLE);
    everyone.push(...people);
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
    results.push(await measured(bare, warmupMs, (ms = durationMs) => runLoad({ name: 'bare Node HTTP server', connections, durationMs: ms, send: async () => expectOk(await bareClient.send('GET', '/')) })));
    const trivial = JSON.stringify({ query: '{ __typename }' });
    results.push(await measured(stack, warmupMs, (ms = durationMs) => runLoad({ name: 'gateway: POST /graphql { __typename }', connections, durationMs: ms, send: async () => expectOk(await gateway.send('POST', '/graphql', { body: trivial })) })));

    let swiping = swipes(people, stack.url);
    const matchesBefore = swiping.matches();
    const flatOut = await measured(stack, warmupMs, (ms = durationMs) => runLoad({ name: 'POST /api/swipes, flat out', connections, durationMs: ms, send: () => swiping.swipe() }));
    results.push(flatOut);
    const matchesFlatOut = swiping.matches() - matchesBefore;
    const half = Math.max(1, Math.floor(flatOut.perSecond / 2));
    results.push(await measured(stack, 0, (ms = durationMs) => runLoad({ name: `POST /api/swipes at ${half}/s (half the max)`, connections, durationMs: ms, ratePerSecond: half, send: () => swiping.swipe() })));
    const matchesHalf = swiping.matches() - matchesBefore - matchesFlatOut;
    // A chat message's cost beside a swipe's: sends between the matched pairs, flat out, nobody subscribed
    // (bench:chat measures the delivery to subscribed tabs).
    const chatting = sends(matched, stack.url);
    const chatRow = await measured(stack, warmupMs, (ms = durationMs) => runLoad({ name: 'POST /api/messages (chat send), flat out', connections, durationMs: ms, send: () => chatting.send() }));
    results.push(chatRow);

    console.log(`\n${table(results)}\n`);
    const [bareResult, trivialResult] = results;
    console.log(`swipes/s ÷ gateway trivial query: ${(flatOut.perSecond / trivialResult!.perSecond).toFixed(2)}; ÷ bare Node server: ${(flatOut.perSecond / bareResult!.perSecond).toFixed(3)}`);
    console.log(`CPU ms per request ÷ bare Node server: swipe ${(flatOut.cpuMsPerRequest / bareResult!.cpuMsPerRequest).toFixed(1)}×, trivial query ${(trivialResult!.cpuMsPerRequest / bareResult!.cpuMsPerRequest).toFixed(1)}×`);
    console.log(`CPU ms per swipe (flat out), by process: ${cpuLine(flatOut.cpuMsPerProcess, Object.keys(stack.cpuByProcess()))}`);
    console.log(`CPU ms per chat send (flat out), by process: ${cpuLine(chatRow.cpuMsPerProcess, Object.keys(stack.cpuByProcess()))}`);
    console.log(`CPU ms per request: swipe ${flatOut.cpuMsPerRequest.toFixed(2)} flat out, ${results[3]!.cpuMsPerRequest.toFixed(2)} at half rate; chat send ${chatRow.cpuMsPerRequest.toFixed(2)}; aim for a swipe at most 1.2 (embedded) or 1.5 (real servers, our processes)`);
    console.log(swiping.report());
    console.log(`swipes answered with a match: ${matchesFlatOut} flat out (warm-up included), ${matchesHalf} at half rate${matchesFlatOut + matchesHalf > 0 ? ' (a match costs more than a like: raise BENCH_PEOPLE to compare likes with likes)' : ''}`);
    console.log(chatting.report());
    chatting.close();
    bareClient.close();
    gateway.close();

    if (settings.real) {
      // One swipe instance against two behind the gateway, each arrangement started afresh on the same
      // servers (the launcher's stack stopped first, so that only one stack uses the two CPUs).
      await stack.stop();
      running.splice(running.indexOf(stack), 1);
      const scaling: Array<{ instances: number; row: Awaited<ReturnType<typeof measured>>; matched: number }> = [];
      for (const instances of [1, 2]) {
        // A port found free can be taken by another process's outgoing connection before the service binds
        // it (EADDRINUSE): start once more on fresh ports.
        const scaled = await startScaledStack({ variables: settings.variables, swipeInstances: instances }).catch((error: unknown) => {
          console.log(`the scaled stack did not start (${error instanceof Error ? error.message : String(error)}); starting it again`);
          return startScaledStack({ variables: settings.variables, swipeInstances: instances });
        });
        running.push(scaled);
        console.log(`${instances} swipe instance${instances > 1 ? 's' : ''}: quiet ${await settled(scaled)} s after the start`);
        stackUrl = scaled.url;
        swiping.close();
        swiping = swiping.through(scaled.url);
        const row = await measured(scaled, warmupMs, (ms = durationMs) => runLoad({ name: `${instances} swipe instance${instances > 1 ? 's' : ''}, flat out`, connections, durationMs: ms, send: () => swiping.swipe() }));
        scaling.push({ instances, row, matched: swiping.matches() });
        if (instances === 1) {
          await scaled.stop();
          running.splice(running.indexOf(scaled), 1);
        }
      }
      console.log(`\nscaling: swipes through the gateway flat out, with one and with two swipe processes (same servers, ${cpus().length} CPUs)`);
      console.log(table(scaling.map(({ row }) => row)));
      const [one, two] = scaling.map(({ row }) => row);
      console.log(`two instances ÷ one: ${(two!.perSecond / one!.perSecond).toFixed(2)}× the swipes a second (p50 ${one!.p50.toFixed(1)} → ${two!.p50.toFixed(1)} ms)`);
      const names = [...new Set(scaling.flatMap(({ row }) => Object.keys(row.cpuMsPerProcess)))];
      console.log(`\nCPU ms per swipe, by process${' '.repeat(12)}${scaling.map(({ instances }) => pad(`${instances} instance${instances > 1 ? 's' : ''}`, 13)).join('')}`);
      for (const name of names) console.log(`${name.padEnd(41)}${scaling.map(({ row }) => pad(row.cpuMsPerProcess[name] === undefined ? '-' : row.cpuMsPerProcess[name]!.toFixed(2), 13)).join('')}`);
      console.log(swiping.report());
      const scaledMatches = scaling.reduce((total, { matched }) => total + matched, 0);
      console.log(`swipes answered with a match: ${scaling.map(({ instances, matched }) => `${matched} with ${instances} instance${instances > 1 ? 's' : ''}`).join(', ')} (warm-ups included)${scaledMatches > 0 ? ' (a match costs more than a like: raise BENCH_PEOPLE to compare likes with likes)' : ''}`);
    }
    swiping.close();
  } finally {
    // Erased like anyone who deletes their account (on real servers the databases outlive the run).
    if (stackUrl) {
      const cleanup = httpClient(stackUrl);
      for (const person of everyone) await cleanup.send('DELETE', '/api/account', { body: '{}', headers: { cookie: person.cookie, origin: stackUrl } }).catch(() => undefined);
      cleanup.close();
    }
    for (const part of running.reverse()) await part.stop();
    console.log(`load average at the end: ${loadAverage()}`);
  }
}

main().catch((error: unknown) => {
  console.error('bench:swipe failed:', error);
  process.exit(1);
});
