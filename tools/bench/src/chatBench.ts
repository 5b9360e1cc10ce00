/* eslint-disable no-console -- a command-line benchmark: its output is the point */
import { cpus } from 'node:os';
import { createClient, type Client } from 'graphql-ws';
import { WebSocket } from 'ws';
import { defaultUsageLimits } from '@nocturne/gateway';
import { GatewayClient } from '@nocturne/demo';
import { readBenchEnvironment } from './environment';
import { httpClient, percentile } from './load';
import { cpuLine, cpuPerRequest, cpuSnapshot, loadAverage, startBareWebSocketServer, startStack, type Running } from './processes';

// npm run bench:chat: delivery latency of a chat message, from the moment it is sent (POST /api/messages)
// to its arrival on the other person's subscriptions (graphql-ws through the gateway, forwarded to the
// chat subgraph), with 1,000 subscribed clients (ten tabs for each of a hundred people in fifty matches;
// BENCH_CHAT_PEOPLE fewer people with more tabs each, where sign-ups are slow).
// Beside it, in the same run, a bare WebSocket broadcast: an HTTP POST to a plain `ws` server that sends
// the body to the sockets of one room. Embedded, or the real servers when KAFKA_BROKERS, MONGODB_URI and
// REDIS_URL are set (then under `flock /tmp/nocturne-real.lock`).

let TABS_PER_PERSON = 10;
/** Sockets that closed and connected again while the tabs were opened or the messages went out. */
let reconnects = 0;
const BENCH_PLACE = { latitude: -37.1, longitude: -12.3 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Person {
  id: number;
  cookie: string;
}
interface Pair {
  matchId: number;
  a: Person;
  b: Person;
}
interface Figures {
  name: string;
  deliveries: number;
  missing: number;
  p50: number;
  p99: number;
  max: number;
  /** CPU ms per message sent, by process, while the messages went out and arrived. */
  cpuMsPerMessage: Record<string, number>;
  /** The same, the server's own processes together (the load generator and the shared servers apart). */
  serverCpuMsPerMessage: number;
}

const figures = (name: string, latencies: number[], expected: number, cpu: { perMessage: Record<string, number>; server: number }): Figures => {
  const sorted = [...latencies].sort((x, y) => x - y);
  return { name, deliveries: sorted.length, missing: expected - sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? 0, cpuMsPerMessage: cpu.perMessage, serverCpuMsPerMessage: cpu.server };
};

/** Runs `sendAll` (the messages going out and arriving) and counts the CPU it cost each process, per message. */
async function cpuPerMessage(server: Running, real: boolean, messages: number, sendAll: () => Promise<void>) {
  const [before, serverBefore] = [cpuSnapshot({ stack: server, real }), server.cpuMs()];
  await sendAll();
  const [after, serverAfter] = [cpuSnapshot({ stack: server, real }), server.cpuMs()];
  return { perMessage: cpuPerRequest(before, after, messages), server: (serverAfter - serverBefore) / Math.max(1, messages) };
}

async function makePairs(url: string, count: number): Promise<Pair[]> {
  const run = Date.now().toString(36);
  const person = async (i: number): Promise<Person> => {
    const client = new GatewayClient(url);
    const { id } = await client.signUp({ username: `c${run}${i}`, email: `c${run}${i}@bench.nocturne.test`, password: `bench-${run}-${i}`, name: 'Bench Person', age: 30 });
    await client.completeOnboarding(id, { gender: ['Female', 'Male'][i % 2]!, kinks: ['Praise'], interests: ['Art'], bio: 'Benchmarking the night.' });
    await client.updateLocation(id, BENCH_PLACE);
    return { id, cookie: client.sessionCookie! };
  };
  const pairs: Pair[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) {
        const i = next++;
        const [a, b] = [await person(2 * i), await person(2 * i + 1)];
        const swipe = (from: Person, to: Person) => {
          const client = new GatewayClient(url);
          client.sessionCookie = from.cookie;
          return client.swipe({ swiperId: from.id, swipedId: to.id, isLike: true });
        };
        let matchId: number | null = null;
        for (let tries = 0; matchId === null; tries++) {
          try {
            await swipe(a, b);
            matchId = (await swipe(b, a)).matchId;
          } catch (error) {
            // The swipe service learns of new people through the bus: try again shortly.
            if (tries > 300) throw error;
            await sleep(100);
          }
        }
        pairs.push({ matchId, a, b });
      }
    }),
  );
  return pairs;
}

/** A browser tab of `person`: a graphql-ws client with the session cookie and the site's Origin on the upgrade. */
function tab(url: string, person: Person): Client {
  const cookie = person.cookie;
  class BrowserSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: { cookie, origin: url } });
    }
  }
  // A tab whose socket closes (a connection_init that timed out on a busy machine) connects again, as the
  // app's live client does; each retry is counted once, not as a failure.
  return createClient({ url: `${url.replace('http', 'ws')}/graphql`, webSocketImpl: BrowserSocket, retryAttempts: 10, on: { closed: () => void (reconnects += 1) } });
}

async function measureGateway(stack: Running, real: boolean, pairs: Pair[], messages: number, rate: number): Promise<Figures> {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const clients: Client[] = [];
  const live = new Set<string>();
  const stops: Array<() => void> = [];
  for (const pair of pairs) {
    for (const [person, other] of [
      [pair.a, pair.b],
      [pair.b, pair.a],
    ] as const) {
      for (let t = 0; t < TABS_PER_PERSON; t++) {
        const client = tab(stack.url, person);
        clients.push(client);
        const key = `${pair.matchId}:${person.id}:${t}`;
        stops.push(
          client.subscribe<{ messageSent: { content: string; senderId: number } }>(
            { query: 'subscription ($m: Int!) { messageSent(matchId: $m) { content senderId } }', variables: { m: pair.matchId } },
            {
              next: ({ data }) => {
                if (!data) return;
                const { content, senderId } = data.messageSent;
                if (content.startsWith('ready:')) return void live.add(`${key}:${content}`);
                const started = sentAt.get(content);
                if (started !== undefined && senderId === other.id) latencies.push(performance.now() - started);
              },
              error: (error) => console.error(`subscription failed: ${error instanceof Error ? error.message : ((error as { code?: number }).code ?? 'closed')}`),
              complete: () => undefined,
            },
          ),
        );
      }
    }
  }
  const gateway = httpClient(stack.url);
  const send = (from: Person, matchId: number, content: string) =>
    gateway.send('POST', '/api/messages', { body: JSON.stringify({ matchId, senderId: from.id, content }), headers: { cookie: from.cookie, origin: stack.url } });
  // Every subscription is live once each has seen a message sent after it started. A few sends at a
  // time: on a slow server fifty at once would only queue.
  const liveTabs = () => new Set([...live].map((entry) => entry.split(':ready:')[0])).size;
  for (let round = 0; liveTabs() < clients.length; round++) {
    if (round > 20) throw new Error(`only ${liveTabs()} of ${clients.length} subscriptions went live`);
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < pairs.length) {
          const pair = pairs[next++]!;
          await send(pair.a, pair.matchId, `ready:${round}`).catch(() => undefined);
        }
      }),
    );
    for (let waited = 0; liveTabs() < clients.length && waited < 5_000; waited += 100) await sleep(100);
  }
  console.log(`  ${clients.length} subscriptions live through the gateway (${reconnects} sockets closed and connected again on the way)`);
  const expected = messages * TABS_PER_PERSON;
  // The live copy arrives before the send's answer, which waits until the read models have the message: the
  // answers are awaited too, before the connections close.
  const answers: Array<Promise<void>> = [];
  const cpu = await cpuPerMessage(stack, real, messages, async () => {
    for (let k = 0; k < messages; k++) {
      const pair = pairs[k % pairs.length]!;
      const from = k % 2 === 0 ? pair.a : pair.b;
      const content = `m${k}`;
      sentAt.set(content, performance.now());
      answers.push(send(from, pair.matchId, content).then(
        (answer) => {
          if (answer.status !== 201) console.error(`send failed: ${answer.status} ${answer.body.slice(0, 200)}`);
        },
        (error: unknown) => console.error(`send failed: ${String(error)}`),
      ));
      await sleep(1000 / rate);
    }
    for (let waited = 0; latencies.length < expected && waited < 30_000; waited += 100) await sleep(100);
    await Promise.all(answers);
  });
  for (const stop of stops) stop();
  for (const client of clients) await client.dispose();
  gateway.close();
  return figures('gateway → chat subgraph (graphql-ws, Redis or in-process fan-out)', latencies, expected, cpu);
}

async function measureBare(bare: Running, rooms: number, messages: number, rate: number): Promise<Figures> {
  const sockets: WebSocket[] = [];
  const latencies: number[] = [];
  const sentAt = new Map<string, number>();
  await Promise.all(
    Array.from({ length: rooms * TABS_PER_PERSON * 2 }, (_, i) => {
      const room = Math.floor(i / (TABS_PER_PERSON * 2));
      // Half of each room's sockets are the sender's own tabs (as in the chat): only the other half counts.
      const receiving = i % 2 === 0;
      const socket = new WebSocket(`${bare.url.replace('http', 'ws')}/?room=${room}`);
      sockets.push(socket);
      socket.on('message', (data: Buffer) => {
        const started = sentAt.get(data.toString('utf8'));
        if (receiving && started !== undefined) latencies.push(performance.now() - started);
      });
      return new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
    }),
  );
  const client = httpClient(bare.url);
  const expected = messages * TABS_PER_PERSON;
  const cpu = await cpuPerMessage(bare, false, messages, async () => {
    for (let k = 0; k < messages; k++) {
      const content = JSON.stringify({ content: `m${k}`, senderId: k });
      sentAt.set(content, performance.now());
      void client.send('POST', `/send?room=${k % rooms}`, { body: content });
      await sleep(1000 / rate);
    }
    for (let waited = 0; latencies.length < expected && waited < 10_000; waited += 100) await sleep(100);
  });
  for (const socket of sockets) socket.close();
  client.close();
  return figures('bare ws broadcast (HTTP POST, then send to the room)', latencies, expected, cpu);
}

async function main() {
  const settings = readBenchEnvironment();
  const mode = settings.real ? 'real servers, one process per service' : 'embedded, one process';
  const pairsCount = Math.max(1, Math.round(settings.BENCH_CHAT_PEOPLE / 2));
  TABS_PER_PERSON = Math.max(1, Math.round(settings.BENCH_CHAT_CLIENTS / (2 * pairsCount)));
  const clients = pairsCount * 2 * TABS_PER_PERSON;
  console.log(`Nocturne chat delivery benchmark: ${mode}; ${cpus().length} CPUs, Node ${process.version}; load average ${loadAverage()}; ${clients} subscribed clients (${pairsCount} matches, ${TABS_PER_PERSON} tabs a person); ${settings.BENCH_CHAT_MESSAGES} messages at ${settings.BENCH_CHAT_RATE}/s`);
  const running: Running[] = [];
  try {
    const bare = await startBareWebSocketServer();
    running.push(bare);
    // Fewer people with more tabs each (BENCH_CHAT_PEOPLE) may need more live sockets per person than people use.
    const sockets = TABS_PER_PERSON > defaultUsageLimits.socketsPerPerson ? { LIVE_SOCKETS_PER_PERSON: String(TABS_PER_PERSON) } : {};
    const stack = await startStack({ ...settings, variables: { ...settings.variables, ...sockets } });
    running.push(stack);
    console.log(`setting up ${pairsCount * 2} people in ${pairsCount} matches through the API...`);
    const pairs = await makePairs(stack.url, pairsCount);

    const bareFigures = await measureBare(bare, pairsCount, settings.BENCH_CHAT_MESSAGES, settings.BENCH_CHAT_RATE);
    const gatewayFigures = await measureGateway(stack, settings.real, pairs, settings.BENCH_CHAT_MESSAGES, settings.BENCH_CHAT_RATE);

    const pad = (text: string, width: number) => text.padStart(width);
    console.log(`\n${'delivery path'.padEnd(70)}${pad('deliveries', 11)}${pad('missing', 9)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('max ms', 9)}${pad('CPU ms/msg', 12)}`);
    for (const row of [bareFigures, gatewayFigures]) console.log(`${row.name.padEnd(70)}${pad(String(row.deliveries), 11)}${pad(String(row.missing), 9)}${pad(row.p50.toFixed(1), 9)}${pad(row.p99.toFixed(1), 9)}${pad(row.max.toFixed(1), 9)}${pad(row.serverCpuMsPerMessage.toFixed(2), 12)}`);
    console.log(`\nratio gateway ÷ bare: p50 ${(gatewayFigures.p50 / Math.max(0.001, bareFigures.p50)).toFixed(1)}×, p99 ${(gatewayFigures.p99 / Math.max(0.001, bareFigures.p99)).toFixed(1)}×, CPU per message ${(gatewayFigures.serverCpuMsPerMessage / Math.max(0.001, bareFigures.serverCpuMsPerMessage)).toFixed(1)}×; aim p99 ≤ 100 ms: ${gatewayFigures.p99 <= 100 ? 'met' : 'missed'}`);
    console.log(`CPU ms per message sent (${TABS_PER_PERSON} deliveries each), by process: ${cpuLine(gatewayFigures.cpuMsPerMessage, Object.keys(stack.cpuByProcess()))}`);
    const cleanup = httpClient(stack.url);
    for (const pair of pairs) for (const person of [pair.a, pair.b]) await cleanup.send('DELETE', '/api/account', { body: '{}', headers: { cookie: person.cookie, origin: stack.url } });
    cleanup.close();
  } finally {
    for (const part of running.reverse()) await part.stop();
    console.log(`load average at the end: ${loadAverage()}`);
  }
}

main().catch((error: unknown) => {
  console.error('bench:chat failed:', error);
  process.exit(1);
});
