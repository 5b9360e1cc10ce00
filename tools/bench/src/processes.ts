import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from '@nocturne/platform/testing';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Running {
  url: string;
  /** CPU time (user and system, ms) used so far by the process and the processes it started (Linux /proc). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]!) ?? []));
  return tree;
}

function cpuMsOf(root: number | undefined): number {
  if (root === undefined) return 0;
  let ticks = 0;
  for (const pid of processTree(root)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the command.
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

function stopper(child: ChildProcess, cleanup: () => void = () => {}) {
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    cleanup();
  };
}

async function waitUntilReady(url: string, child: ChildProcess, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited (${child.exitCode ?? child.signalCode})`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not get ready within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** The baseline: a bare Node HTTP server answering a small JSON body, in a process of its own like the stack. */
export async function startBareServer(): Promise<Running> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['-e', `require('node:http').createServer((req, res) => { req.resume(); res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"ok":true}'); }).listen(${port}, '127.0.0.1')`],
    { stdio: 'inherit' },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, child, 'the bare server', 10_000);
  return { url, cpuMs: () => cpuMsOf(child.pid), stop: stopper(child) };
}

/**
 * The baseline of bench:chat: a bare WebSocket server (ws) in a process of its own. Clients connect to
 * `/?room=<name>`; `POST /send?room=<name>` with a body broadcasts the body to that room's sockets.
 */
export async function startBareWebSocketServer(): Promise<Running> {
  const port = await freePort();
  const script = `
    const { WebSocketServer } = require('ws');
    const server = require('node:http').createServer((req, res) => {
      const room = new URL(req.url, 'http://x').searchParams.get('room');
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        for (const socket of rooms.get(room) ?? []) socket.send(body);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      });
    });
    const rooms = new Map();
    new WebSocketServer({ server }).on('connection', (socket, req) => {
      const room = new URL(req.url, 'http://x').searchParams.get('room');
      if (!rooms.has(room)) rooms.set(room, new Set());
      rooms.get(room).add(socket);
      socket.on('close', () => rooms.get(room).delete(socket));
    });
    server.listen(${port}, '127.0.0.1');
  `;
  const child = spawn(process.execPath, ['-e', script], { cwd: repoRoot, stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(`${url}/send?room=none`, child, 'the bare WebSocket server', 10_000);
  return { url, cpuMs: () => cpuMsOf(child.pid), stop: stopper(child) };
}

/**
 * `node stack/dist/main.js` as people run it: the embedded stack on a fresh data directory, or with the
 * real servers' variables the launcher and one process per service. Sign-ups are not rate limited here
 * (every bench person comes from 127.0.0.1), the demo owls stay away and swiping is open.
 */
export async function startStack(options: { real: boolean; variables: NodeJS.ProcessEnv }): Promise<Running> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nocturne-bench-'));
  const ports = options.real ? { AUTH_PORT: await freePort(), PROFILE_PORT: await freePort(), SWIPE_PORT: await freePort(), CHAT_PORT: await freePort() } : { AUTH_PORT: 0, PROFILE_PORT: 0, SWIPE_PORT: 0, CHAT_PORT: 0 };
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...options.variables,
    ...(options.real ? {} : { KAFKA_BROKERS: '', MONGODB_URI: '', REDIS_URL: '' }),
    ...Object.fromEntries(Object.entries(ports).map(([name, value]) => [name, String(value)])),
    PORT: String(port),
    PUBLIC_URL: url,
    NOCTURNE_DATA_DIR: dataDir,
    INTERNAL_SECRET: options.variables.INTERNAL_SECRET ?? randomBytes(24).toString('base64url'),
    NODE_ENV: 'production',
    LOG_LEVEL: options.variables.LOG_LEVEL ?? 'warn',
    SWIPE_WINDOW: 'always',
    DEMO_NIGHT_OWLS: 'false',
    RATE_SIGN_UP_ADDRESS_LIMIT: '1000000',
    RATE_SIGN_IN_ADDRESS_LIMIT: '1000000',
    CHAT_SENDS_PER_MINUTE: '100000',
    SWIPE_DECK_READS_PER_MINUTE: '1000000',
    SWIPE_PASSES_PER_MINUTE: '1000000',
    // Production mode wants a mail route: the bench's people never read theirs.
    ...(!options.variables.SMTP_URL && { MAIL_OUTBOX_DIR: path.join(dataDir, 'outbox') }),
  };
  const child = spawn(process.execPath, [path.join(repoRoot, 'stack', 'dist', 'main.js')], { cwd: repoRoot, env, stdio: 'inherit' });
  await waitUntilReady(`${url}/readyz`, child, 'the stack');
  return { url, cpuMs: () => cpuMsOf(child.pid), stop: stopper(child, () => rmSync(dataDir, { recursive: true, force: true })) };
}
