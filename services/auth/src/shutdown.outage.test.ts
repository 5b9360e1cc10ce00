import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { INTERNAL_CONTEXT_HEADER, signGraphqlRequest } from '@nocturne/platform/http';
import { freePort, hasRealInfrastructure, infra, outageTestsEnabled, repoRoot } from '@nocturne/platform/testing';

// The auth service as its own process (services/auth/dist/main.js, built by npm run build) on real Kafka,
// MongoDB and Redis: after SIGTERM it must exit 0 within 5 s, having closed everything it opened. Needs
// KAFKA_BROKERS, MONGODB_URI and REDIS_URL (otherwise skipped). The case with the broker away also needs a
// Kafka that infra/down.sh can stop (the one infra/up.sh started, or NOCTURNE_OUTAGE_TESTS=1; =0 skips it).
const real = hasRealInfrastructure();
const outage = outageTestsEnabled('kafka');
const d = real ? describe : describe.skip;
const dOutage = real && outage ? describe : describe.skip;

const main = path.join(repoRoot, 'services', 'auth', 'dist', 'main.js');
const SECRET = randomBytes(24).toString('base64url');
const EXIT_WITHIN_MS = 5_000;

interface Started {
  child: ChildProcess;
  url: string;
  /** The last lines it printed. */
  output: () => string;
  /** Everything it printed. */
  all: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startAuth(): Promise<Started> {
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build first (npm run test:int does)`);
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, AUTH_PORT: String(port), AUTH_HOST: '127.0.0.1', INTERNAL_SECRET: SECRET, LOG_LEVEL: 'info', RATE_SIGN_UP_ADDRESS_LIMIT: '10000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => lines.push(chunk.toString('utf8'));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const started: Started = { child, url: `http://127.0.0.1:${port}`, output: () => lines.join('').split('\n').slice(-40).join('\n'), all: () => lines.join(''), exited };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`auth exited with ${child.exitCode} before it was ready:\n${started.output()}`);
    try {
      const res = await fetch(`${started.url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return started;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`auth was not ready within 60 s:\n${started.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function signUp(auth: Started): Promise<number> {
  const tag = `${Date.now().toString(36).slice(-6)}${randomBytes(2).toString('hex')}`;
  const body = JSON.stringify({
    query: 'mutation SignUp($input: SignUpInput!) { signUp(input: $input) { user { id } } }',
    variables: { input: { username: `sd${tag}`, email: `sd.${tag}@example.test`, password: 'moonlight42', name: 'Luna Night', age: 30 } },
  });
  const res = await fetch(`${auth.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [INTERNAL_CONTEXT_HEADER]: signGraphqlRequest({ ip: '127.0.0.1' }, SECRET, body) },
    body,
    signal: AbortSignal.timeout(15_000),
  });
  const answer = (await res.json()) as { data?: { signUp: { user: { id: number } } }; errors?: unknown };
  if (!answer.data) throw new Error(`sign-up failed (${res.status}): ${JSON.stringify(answer.errors)}`);
  return answer.data.signUp.user.id;
}

/** SIGTERM, then the exit code and how long it took; SIGKILL at twice the allowed time so nothing is left behind. */
async function terminate(auth: Started): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
  const began = Date.now();
  auth.child.kill('SIGTERM');
  const killer = setTimeout(() => auth.child.kill('SIGKILL'), 2 * EXIT_WITHIN_MS);
  const { code, signal } = await auth.exited;
  clearTimeout(killer);
  return { code, signal, ms: Date.now() - began };
}

d('auth process on real infrastructure: SIGTERM', () => {
  it(`exits 0 within ${EXIT_WITHIN_MS / 1000} s after serving a sign-up (Kafka, MongoDB, Redis connections and the relay closed)`, async () => {
    const auth = await startAuth();
    expect(await signUp(auth)).toBeGreaterThan(0);
    const stopped = await terminate(auth);
    expect({ code: stopped.code, signal: stopped.signal }).toEqual({ code: 0, signal: null });
    expect(stopped.ms).toBeLessThan(EXIT_WITHIN_MS);
    expect(auth.output()).toMatch(/auth stopping/);
  }, 90_000);
});

dOutage('auth process on real infrastructure: SIGTERM while Kafka is away', () => {
  let kafkaStopped = false;
  afterAll(() => {
    if (kafkaStopped) infra('up', 'kafka');
  }, 240_000);

  it(`exits 0 within ${EXIT_WITHIN_MS / 1000} s with the outbox relay stuck publishing to a broker that is gone`, async () => {
    const auth = await startAuth();
    try {
      infra('down', 'kafka');
      kafkaStopped = true;
      // Stored (the write needs no Kafka), and the outbox relay starts publishing it at once: kafkajs
      // reconnects with its retries (it logs each refused connection), which takes tens of seconds before
      // the attempt fails. Stopping must not wait for that.
      const before = auth.all().length;
      expect(await signUp(auth)).toBeGreaterThan(0);
      const deadline = Date.now() + 30_000;
      while (!/kafka: Connection error/.test(auth.all().slice(before))) {
        if (Date.now() > deadline) throw new Error(`the relay did not try to publish within 30 s:\n${auth.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } catch (error) {
      auth.child.kill('SIGKILL');
      throw error;
    }
    const stopped = await terminate(auth);
    // On a failure, what the process said while stopping tells why.
    expect({ code: stopped.code, signal: stopped.signal, ...(stopped.code !== 0 && { said: auth.all().slice(-4_000) }) }).toEqual({ code: 0, signal: null });
    expect(stopped.ms).toBeLessThan(EXIT_WITHIN_MS);
  }, 120_000);
});
