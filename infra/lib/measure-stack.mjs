/* eslint-disable no-console -- command-line script: its output is the point */
// A sign-up and a swipe at light load on the real servers: the stack as `npm start` runs it with
// KAFKA_BROKERS, MONGODB_URI and REDIS_URL (the launcher and one process per service, on free ports), N
// people (default 100) signing up one after another (then onboarding, a place and the Plus plan), then each
// liking the next, one after another. Prints p50/p95/max of each step, the refused swipes and how often
// the event store voided a position or a writer found its own voided. The people delete their accounts.
// Usage: npm run build, then (on shared servers) flock /tmp/nocturne-real.lock node infra/lib/measure-stack.mjs [N]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { GatewayClient } = await import(path.join(root, 'tools/demo/dist/gatewayClient.js'));
const people = Number(process.argv[2] ?? 100);
for (const name of ['KAFKA_BROKERS', 'MONGODB_URI', 'REDIS_URL']) {
  if (!process.env[name]) throw new Error(`${name} is not set (source ~/.cache/nocturne/run/env)`);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];
const timed = async (work) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'nocturne-measure-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const ports = {};
for (const name of ['AUTH_PORT', 'PROFILE_PORT', 'SWIPE_PORT', 'CHAT_PORT', 'METRICS_PORT', 'AUTH_METRICS_PORT', 'PROFILE_METRICS_PORT', 'SWIPE_METRICS_PORT', 'CHAT_METRICS_PORT']) {
  ports[name] = String(await freePort());
}
const stack = spawn(process.execPath, [path.join(root, 'stack/dist/main.js')], {
  cwd: root,
  env: {
    ...process.env,
    ...ports,
    PORT: String(port),
    PUBLIC_URL: url,
    NOCTURNE_DATA_DIR: dataDir,
    INTERNAL_SECRET: process.env.INTERNAL_SECRET ?? randomBytes(24).toString('base64url'),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SWIPE_WINDOW: 'always',
    DEMO_NIGHT_OWLS: 'false',
    RATE_SIGN_UP_ADDRESS_LIMIT: '1000000',
    RATE_SIGN_IN_ADDRESS_LIMIT: '1000000',
    MAIL_OUTBOX_DIR: path.join(dataDir, 'outbox'),
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const output = [];
stack.stdout.on('data', (chunk) => output.push(chunk));
stack.stderr.on('data', (chunk) => output.push(chunk));
const stackLog = () => Buffer.concat(output).toString('utf8');

const clients = [];
try {
  for (let tries = 0; ; tries++) {
    if (stack.exitCode !== null) throw new Error(`the stack exited (${stack.exitCode}):\n${stackLog().slice(-2000)}`);
    if (await fetch(`${url}/readyz`).then((res) => res.ok, () => false)) break;
    if (tries > 600) throw new Error('the stack did not get ready within 2 minutes');
    await sleep(200);
  }
  const run = Date.now().toString(36);
  const signUps = [];
  const setUps = [];
  for (let i = 0; i < people; i++) {
    const client = new GatewayClient(url);
    let id;
    signUps.push(await timed(async () => {
      ({ id } = await client.signUp({ username: `m${run}${i}`, email: `m${run}${i}@measure.nocturne.test`, password: `measure-${run}-${i}`, name: 'Measure Person', age: 20 + (i % 40) }));
    }));
    clients.push({ client, id });
    setUps.push(await timed(async () => {
      await client.completeOnboarding(id, { gender: ['Female', 'Male', 'Other'][i % 3], kinks: ['Praise'], interests: ['Art'], bio: 'Measuring the night.' });
      // Far from anyone (the South Atlantic), close together.
      await client.updateLocation(id, { latitude: -37.1 + (i % 10) / 200, longitude: -12.3 + Math.floor(i / 10) / 200 });
      await client.choosePlan('plus', 'monthly');
    }));
  }
  const swipes = [];
  let refused = 0;
  let firstRefusal;
  for (let i = 0; i < people; i++) {
    const { client, id } = clients[i];
    swipes.push(await timed(async () => {
      try {
        await client.swipe({ swiperId: id, swipedId: clients[(i + 1) % people].id, isLike: true });
      } catch (error) {
        refused++;
        firstRefusal ??= error.message;
      }
    }));
  }
  const log = stackLog();
  const count = (pattern) => (log.match(pattern) ?? []).length;
  const row = (name, values) =>
    console.log(`${name.padEnd(30)} p50 ${percentile(values, 50).toFixed(0).padStart(6)} ms  p95 ${percentile(values, 95).toFixed(0).padStart(6)} ms  max ${Math.max(...values).toFixed(0).padStart(6)} ms`);
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`${people} people, one after another, on ${process.env.MONGODB_URI}; load average ${load}`);
  row('sign-up', signUps);
  row('onboarding, place and plan', setUps);
  row('swipe (a like)', swipes);
  console.log(`swipes refused: ${refused}${firstRefusal ? ` (first: ${firstRefusal})` : ''}`);
  console.log(`positions voided by readers: ${count(/voiding a position|closing a gap/g)}; writers that found their position voided: ${count(/before it landed/g)}`);
} finally {
  for (const { client } of clients) {
    const cookie = client.sessionCookie;
    if (cookie) await fetch(`${url}/api/account`, { method: 'DELETE', headers: { cookie, origin: url, 'content-type': 'application/json' }, body: '{}' }).catch(() => undefined);
  }
  stack.kill('SIGTERM');
  await new Promise((resolve) => stack.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
