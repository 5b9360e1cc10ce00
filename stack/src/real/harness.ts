/**
 * Test support for the real-mode suites of this folder (not used by the stack itself): starts
 * `node stack/dist/main.js` on real Kafka, MongoDB and Redis as users do, talks to the gateway over HTTP,
 * watches `auth.events` with a consumer of its own and stops or starts single infrastructure servers with
 * infra/down.sh and infra/up.sh.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import mongoose from 'mongoose';
import { retentionMsOf } from '@nocturne/platform/adapters';
import { metricsPortVariableOf, portVariableOf, services } from '../services';
import { crawlingUnlimited } from '../testStack';
import { freePort, hasRealInfrastructure as hasRealInfrastructureIn, infra, outageTestsEnabled, portRefuses, processAlive, repoRoot } from '@nocturne/platform/testing';

export { freePort, infra, outageTestsEnabled, portRefuses, repoRoot };

/** The three variables that switch every process to real infrastructure. */
export const realInfrastructure = {
  KAFKA_BROKERS: process.env.KAFKA_BROKERS?.trim() ?? '',
  MONGODB_URI: process.env.MONGODB_URI?.trim() ?? '',
  REDIS_URL: process.env.REDIS_URL?.trim() ?? '',
};
export const hasRealInfrastructure = hasRealInfrastructureIn();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` until it answers a value other than undefined/false, or throws after `timeoutMs`. */
export async function waitFor<T>(what: string, condition: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs: number, intervalMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await condition();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) throw new Error(`${what}: not within ${timeoutMs} ms${lastError ? ` (last error: ${(lastError as Error).message})` : ''}`);
    await sleep(intervalMs);
  }
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ...": comm may hold spaces, so split after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return children;
}

export interface StopResult {
  /** The launcher's exit code (null when it was killed by a signal). */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** From the signal until the launcher and every service process were gone. */
  ms: number;
  /** Processes still alive at the deadline (then killed). */
  lingering: Array<{ pid: number; command: string }>;
}

export interface RealStackOptions {
  /** More variables for every process (rate limits, log level...). */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}

/** `node stack/dist/main.js` in real mode, as `npm start` runs it with the three variables set. */
export class RealStack {
  private output: string[] = [];
  private exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The launcher and the processes it started (every service of the registry, and the gateway). */
  processes: Array<{ pid: number; command: string }> = [];

  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
    /** The gateway's and each service's port, by name (every service of the registry). */
    readonly ports: Readonly<Record<string, number>>,
    /** Each process's /metrics port (METRICS_PORT, <NAME>_METRICS_PORT). */
    readonly metricsPorts: Readonly<Record<string, number>>,
  ) {
    const keep = (chunk: Buffer) => {
      this.output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      if (this.output.length > 20_000) this.output.splice(0, this.output.length - 20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  static async start(options: RealStackOptions = {}): Promise<RealStack> {
    const main = path.join(repoRoot, 'stack', 'dist', 'main.js');
    if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build first (npm run test:int does)`);
    // Free ports for the gateway and every service of the registry, so no process takes a default one.
    const names = ['gateway', ...services.map((service) => service.name)];
    const ports: Record<string, number> = {};
    const metricsPorts: Record<string, number> = {};
    for (const name of names) {
      ports[name] = await freePort();
      metricsPorts[name] = await freePort();
    }
    const portVariables = Object.fromEntries(
      services.flatMap((service) => [
        [portVariableOf(service.name), String(ports[service.name])],
        [metricsPortVariableOf(service.name), String(metricsPorts[service.name])],
      ]),
    );
    const child = spawn(process.execPath, [main], {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...realInfrastructure,
        PORT: String(ports.gateway),
        METRICS_PORT: String(metricsPorts.gateway),
        ...portVariables,
        PUBLIC_URL: `http://127.0.0.1:${ports.gateway}`,
        INTERNAL_SECRET: randomBytes(24).toString('base64url'),
        SWIPE_WINDOW: 'always',
        LOG_LEVEL: 'info',
        // Every request of a test comes from 127.0.0.1, and Redis keeps the counters between runs.
        RATE_SIGN_UP_ADDRESS_LIMIT: '10000',
        RATE_SIGN_IN_ADDRESS_LIMIT: '10000',
        RATE_SIGN_UP_TAKEN_EMAIL_LIMIT: '10000',
        ...crawlingUnlimited,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stack = new RealStack(child, `http://127.0.0.1:${ports.gateway}`, ports, metricsPorts);
    try {
      await waitFor(
        'the gateway to answer GET /readyz with 200',
        async () => {
          if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the stack exited (${child.exitCode ?? child.signalCode})`);
          const res = await fetch(`${stack.url}/readyz`, { signal: AbortSignal.timeout(2_000) });
          return res.status === 200;
        },
        options.readyTimeoutMs ?? 90_000,
        250,
      );
    } catch (error) {
      await stack.stop(5_000).catch(() => undefined);
      throw new Error(`${(error as Error).message}\n--- stack output ---\n${stack.log()}`, { cause: error });
    }
    stack.processes = [child.pid!, ...childrenOf(child.pid!)].map((pid) => ({ pid, command: commandOf(pid) }));
    return stack;
  }

  /** Where a process of the stack answers /metrics. */
  metricsUrl(process: string): string {
    const port = this.metricsPorts[process];
    if (port === undefined) throw new Error(`no process named ${process}`);
    return `http://127.0.0.1:${port}/metrics`;
  }

  /** Lines printed so far (JSON log lines of every process) that match `pattern`. */
  linesMatching(pattern: RegExp): string[] {
    return this.output.filter((line) => pattern.test(line));
  }

  /** The last lines the processes printed. */
  log(lines = 60): string {
    return this.output.slice(-lines).join('\n');
  }

  /** Sends `signal` to the launcher (which passes it on) and waits for the whole tree; kills what is left at the deadline. */
  async stop(timeoutMs: number, signal: NodeJS.Signals = 'SIGTERM'): Promise<StopResult> {
    const tree = this.processes.length > 0 ? this.processes : [{ pid: this.child.pid!, command: 'launcher' }, ...childrenOf(this.child.pid!).map((pid) => ({ pid, command: commandOf(pid) }))];
    const began = Date.now();
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    const deadline = began + timeoutMs;
    while (Date.now() < deadline && (tree.some((p) => p.pid !== this.child.pid && processAlive(p.pid)) || (this.child.exitCode === null && this.child.signalCode === null))) {
      await sleep(50);
    }
    const ms = Date.now() - began;
    const lingering = tree.filter((p) => (p.pid === this.child.pid ? this.child.exitCode === null && this.child.signalCode === null : processAlive(p.pid)));
    for (const p of lingering) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
    const { code, signal: exitSignal } = await this.exited;
    return { code, signal: exitSignal, ms, lingering };
  }

  /** The running process whose command line contains `marker` (a service's `dist/main.js`), as started by the launcher now. */
  pidOf(marker: string): number | undefined {
    return childrenOf(this.child.pid!).find((pid) => commandOf(pid).includes(marker));
  }

  /** A client of the REST facade that keeps the session cookie like a browser. */
  client(): ApiClient {
    return new ApiClient(this.url);
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '?';
  }
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON answers, checked by the tests
}

/** fetch with a cookie jar of one cookie (the session), JSON in and out. */
export class ApiClient {
  cookie: string | undefined;
  constructor(private readonly baseUrl: string) {}

  async call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', route: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...extraHeaders };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookie) headers.cookie = this.cookie;
    const res = await fetch(`${this.baseUrl}${route}`, {
      method,
      headers,
      ...(body !== undefined && { body: JSON.stringify(body) }),
      // A generous bound: a server that hangs fails the test with this call instead of stalling the suite.
      signal: AbortSignal.timeout(60_000),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      if (!pair?.startsWith('nocturne_session=')) continue;
      this.cookie = /Max-Age=0\b/i.test(line) || pair === 'nocturne_session=' ? undefined : pair;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, headers: res.headers, body: parsed };
  }
}

let people = 0;
/** A new person with a username unique across runs (the databases are shared between runs). */
export function newPerson() {
  people += 1;
  const tag = `${Date.now().toString(36).slice(-6)}${randomBytes(2).toString('hex')}${people}`;
  return { username: `rs${tag}`, email: `rs.${tag}@example.test`, password: 'moonlight42', name: 'Luna Night', age: 27 };
}

/**
 * Two people who sign up, onboard and like each other through the gateway: onboarding waits for the profile
 * service to have heard of each account (Kafka), each like for the swipe service to know the other person
 * (until profile.events reached it: 404). Answers their clients and ids, and both likes' answers.
 */
export async function likeEachOther(stack: RealStack, timeoutMs = 45_000) {
  const [a, b] = [stack.client(), stack.client()];
  const ids: number[] = [];
  for (const api of [a, b]) {
    const signUp = await api.call('POST', '/api/auth/signup', newPerson());
    if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${JSON.stringify(signUp.body)}`);
    ids.push(signUp.body.user.id as number);
  }
  const [aId, bId] = ids as [number, number];
  for (const [api, id] of [[a, aId], [b, bId]] as const) {
    await waitFor(`onboarding of ${id}`, async () => (await api.call('PATCH', `/api/user/${id}`, { gender: 'Other', kinks: ['Praise'], interests: ['Art'] })).status === 200, timeoutMs);
  }
  const like = (api: ApiClient, swiperId: number, swipedId: number) =>
    waitFor(`the like of ${swiperId} for ${swipedId}`, async () => {
      const res = await api.call('POST', '/api/swipes', { swiperId, swipedId, isLike: true });
      return res.status === 404 ? undefined : res;
    }, timeoutMs);
  const first = await like(a, aId, bId);
  const second = await like(b, bId, aId);
  return { a, b, aId, bId, first, second };
}

export interface Delivery {
  id: string;
  type: string;
  userId: number | undefined;
  partition: number;
  offset: string;
}

/**
 * Makes `topic` as the services' bus would (4 partitions, the retention of KAFKA_RETENTION_HOURS) and
 * waits for its leaders. On a fresh broker a topic appears with its service's first publish, and a test
 * consumer joining earlier is told "This server does not host this topic-partition".
 */
export async function ensureTopic(topic: string, clientId = 'nocturne-real-stack-test'): Promise<void> {
  const admin = new Kafka({ clientId, brokers: realInfrastructure.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: 4, configEntries: [{ name: 'retention.ms', value: String(retentionMsOf(process.env)) }] }] });
  } finally {
    await admin.disconnect();
  }
}

/** A kafkajs consumer of `topic` in a fresh group, from the beginning; records every delivery. */
export class TopicWatcher {
  readonly deliveries: Delivery[] = [];
  private constructor(private readonly consumer: Consumer) {}

  static async start(topic: string): Promise<TopicWatcher> {
    await ensureTopic(topic);
    const kafka = new Kafka({ clientId: 'nocturne-real-stack-test', brokers: realInfrastructure.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING });
    const consumer = kafka.consumer({ groupId: `real-stack-test-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`, sessionTimeout: 10_000, heartbeatInterval: 1_000, maxWaitTimeInMs: 250 });
    const watcher = new TopicWatcher(consumer);
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ partition, message }) => {
        try {
          const event = JSON.parse(message.value?.toString('utf8') ?? '') as { id: string; type: string; data?: { userId?: number } };
          watcher.deliveries.push({ id: event.id, type: event.type, userId: event.data?.userId, partition, offset: message.offset });
        } catch {
          // not an event of ours
        }
      },
    });
    return watcher;
  }

  /** Distinct event ids of `type` per user id, as an idempotent consumer (dedupe by id) counts them. */
  distinctIds(type: string, userIds: readonly number[]): Map<number, Set<string>> {
    const byUser = new Map<number, Set<string>>(userIds.map((id) => [id, new Set<string>()]));
    for (const delivery of this.deliveries) {
      if (delivery.type === type && delivery.userId !== undefined) byUser.get(delivery.userId)?.add(delivery.id);
    }
    return byUser;
  }

  async stop(): Promise<void> {
    await this.consumer.disconnect();
  }
}

/**
 * The profile service's read model on MongoDB (database `nocturne_profile`, collection `profiles`, one
 * row per user). The GraphQL answer cannot tell: a user without a row is shown a new profile's defaults.
 */
export class ProfileReadModel {
  private constructor(private readonly connection: mongoose.Connection) {}

  static async open(mongodbUri = realInfrastructure.MONGODB_URI): Promise<ProfileReadModel> {
    const connection = await mongoose.createConnection(mongodbUri, { dbName: 'nocturne_profile', serverSelectionTimeoutMS: 10_000 }).asPromise();
    return new ProfileReadModel(connection);
  }

  /** Rows per user id. */
  async count(userIds: readonly number[]): Promise<Record<number, number>> {
    const profiles = this.connection.db!.collection('profiles');
    const counts = await Promise.all(userIds.map(async (userId) => [userId, await profiles.countDocuments({ userId })] as const));
    return Object.fromEntries(counts);
  }

  close(): Promise<void> {
    return this.connection.close();
  }
}
