import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { subgraphUrlVariable } from '@nocturne/gateway';
import { freePort, repoRoot } from '@nocturne/platform/testing';
import { metricsPortVariableOf, portVariableOf, services } from '@nocturne/stack';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time (user and system, ms) a process has used so far (Linux /proc); 0 once it is gone. */
function cpuMsOfPid(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the command.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function descendants(root: number): number[] {
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

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
};

/** What a process of the stack is, from its command line. */
function roleOf(command: string): string {
  // instances.js names the service's entry as its argument: the primary that hands out connections.
  if (command.includes('instances.js')) return 'connections to the instances';
  const service = /services\/([a-z-]+)\/dist\/main\.js/.exec(command)?.[1];
  if (service) return service;
  if (command.includes('gatewayMain.js')) return 'gateway';
  if (command.includes('embeddedMain.js')) return 'embedded stack';
  if (command.includes('stack/dist/main.js')) return 'launcher';
  return 'other';
}

/** CPU time so far (ms) of every process under `root`, by role; instances of one service numbered (swipe#1, swipe#2). */
function cpuByProcess(root: number | undefined): Record<string, number> {
  if (root === undefined) return {};
  const byRole = new Map<string, Array<{ pid: number; ms: number }>>();
  for (const pid of descendants(root)) {
    const role = roleOf(commandOf(pid));
    byRole.set(role, [...(byRole.get(role) ?? []), { pid, ms: cpuMsOfPid(pid) }]);
  }
  const table: Record<string, number> = {};
  for (const [role, processes] of byRole) {
    processes.sort((a, b) => a.pid - b.pid);
    processes.forEach(({ ms }, i) => (table[processes.length > 1 ? `${role}#${i + 1}` : role] = ms));
  }
  return table;
}

/** The servers infra/up.sh started on this machine (their pid files), with their CPU time so far (ms). */
export function infrastructureCpu(): Record<string, number> {
  const runDir = process.env.NOCTURNE_RUN_DIR ?? path.join(process.env.NOCTURNE_CACHE ?? path.join(homedir(), '.cache', 'nocturne'), 'run');
  const table: Record<string, number> = {};
  for (const server of ['kafka', 'mongo', 'redis']) {
    const file = path.join(runDir, 'pids', `${server}.pid`);
    if (!existsSync(file)) continue;
    table[server === 'mongo' ? 'MongoDB stand-in' : server] = cpuMsOfPid(Number(readFileSync(file, 'utf8').trim()));
  }
  return table;
}

/** The machine's load average (1, 5 and 15 minutes): what else was running shows here. */
export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** This process (the load generator). */
export const ownCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/**
 * CPU time so far (ms) of every process that serves a request: the stack's by what each is, the servers'
 * when the stack uses them (elsewhere they serve others, not this run), and this one (the load generator).
 */
export function cpuSnapshot(parts: { stack?: Running; real: boolean }): Record<string, number> {
  return { ...(parts.stack?.cpuByProcess() ?? {}), ...(parts.real ? infrastructureCpu() : {}), [LOAD_GENERATOR]: ownCpuMs() };
}

export const LOAD_GENERATOR = 'load generator (this process)';

/** CPU ms per request of each process between two snapshots. */
export function cpuPerRequest(before: Record<string, number>, after: Record<string, number>, requests: number): Record<string, number> {
  return Object.fromEntries(Object.keys(after).map((name) => [name, (after[name]! - (before[name] ?? 0)) / Math.max(1, requests)]));
}

/** `gateway 0.41, auth 0.02, ...; ours 1.23 (the load generator and the servers apart)`: one line per measurement. */
export function cpuLine(perRequest: Record<string, number>, stackNames: readonly string[]): string {
  const ours = stackNames.reduce((total, name) => total + (perRequest[name] ?? 0), 0);
  const each = Object.entries(perRequest).map(([name, ms]) => `${name} ${ms.toFixed(2)}`).join(', ');
  return `${each}; our processes together ${ours.toFixed(2)}`;
}

export interface Running {
  url: string;
  /** CPU time (user and system, ms) used so far by the process and the processes it started (Linux /proc). */
  cpuMs(): number;
  /** The same, for each process by what it is (gateway, auth, swipe#1...). */
  cpuByProcess(): Record<string, number>;
  stop(): Promise<void>;
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

async function waitUntilReady(url: string, children: ChildProcess[], what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const exited = children.find((child) => child.exitCode !== null || child.signalCode !== null);
    if (exited) throw new Error(`${what} exited (${exited.exitCode ?? exited.signalCode})`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not get ready within ${timeoutMs} ms`);
    await sleep(200);
  }
}

const sum = (table: Record<string, number>) => Object.values(table).reduce((total, ms) => total + ms, 0);

/** The baseline: a bare Node HTTP server answering a small JSON body, in a process of its own like the stack. */
export async function startBareServer(): Promise<Running> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['-e', `require('node:http').createServer((req, res) => { req.resume(); res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"ok":true}'); }).listen(${port}, '127.0.0.1')`],
    { stdio: 'inherit' },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, [child], 'the bare server', 10_000);
  const cpu = () => ({ 'bare server': cpuMsOfPid(child.pid!) });
  return { url, cpuMs: () => sum(cpu()), cpuByProcess: cpu, stop: stopper(child) };
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
  await waitUntilReady(`${url}/send?room=none`, [child], 'the bare WebSocket server', 10_000);
  const cpu = () => ({ 'bare server': cpuMsOfPid(child.pid!) });
  return { url, cpuMs: () => sum(cpu()), cpuByProcess: cpu, stop: stopper(child) };
}

/**
 * What every process of a bench stack is told: sign-ups, sign-ins, sends, deck reads and GraphQL requests
 * are not rate limited (every bench person comes from 127.0.0.1, and a bench is flat out on purpose), the
 * demo owls stay away, swiping is open, production mode with mails as files.
 */
function benchVariables(variables: NodeJS.ProcessEnv, url: string, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...variables,
    PUBLIC_URL: url,
    NOCTURNE_DATA_DIR: dataDir,
    INTERNAL_SECRET: variables.INTERNAL_SECRET ?? randomBytes(24).toString('base64url'),
    NODE_ENV: 'production',
    LOG_LEVEL: variables.LOG_LEVEL ?? 'error',
    SWIPE_WINDOW: 'always',
    DEMO_NIGHT_OWLS: 'false',
    RATE_SIGN_UP_ADDRESS_LIMIT: '1000000',
    RATE_SIGN_IN_ADDRESS_LIMIT: '1000000',
    CHAT_SENDS_PER_MINUTE: '100000',
    SWIPE_DECK_READS_PER_MINUTE: '1000000',
    SWIPE_PASSES_PER_MINUTE: '1000000',
    GRAPHQL_REQUESTS_PER_MINUTE: '100000000',
    // Production mode wants a mail route: the bench's people never read theirs.
    ...(!variables.SMTP_URL && { MAIL_OUTBOX_DIR: path.join(dataDir, 'outbox') }),
  };
}

/**
 * Waits until every process of `server` is quiet (under a tenth of a core over a second), at most
 * `timeoutMs`: a stack just started may still be catching up on what an earlier one left (its consumers,
 * relays, projections), which would count as the work of the requests measured next. Answers the seconds waited.
 */
export async function settled(server: Running, timeoutMs = 60_000): Promise<number> {
  const began = Date.now();
  for (;;) {
    const before = server.cpuByProcess();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = server.cpuByProcess();
    const busiest = Math.max(0, ...Object.entries(after).map(([name, ms]) => ms - (before[name] ?? ms)));
    if (busiest < 100 || Date.now() - began >= timeoutMs) return Math.round((Date.now() - began) / 1000);
  }
}

/**
 * `node stack/dist/main.js` as people run it: the embedded stack on a fresh data directory, or with the
 * real servers' variables the launcher and one process per service (on free ports, /metrics too).
 */
export async function startStack(options: { real: boolean; variables: NodeJS.ProcessEnv }): Promise<Running> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nocturne-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const ports: Record<string, number> = {};
  for (const service of services) {
    ports[portVariableOf(service.name)] = options.real ? await freePort() : 0;
    if (options.real) ports[metricsPortVariableOf(service.name)] = await freePort();
  }
  const env: NodeJS.ProcessEnv = {
    ...benchVariables(options.variables, url, dataDir),
    ...(options.real ? {} : { KAFKA_BROKERS: '', MONGODB_URI: '', REDIS_URL: '' }),
    ...Object.fromEntries(Object.entries(ports).map(([name, value]) => [name, String(value)])),
    PORT: String(port),
    METRICS_PORT: String(await freePort()),
  };
  const child = spawn(process.execPath, [path.join(repoRoot, 'stack', 'dist', 'main.js')], { cwd: repoRoot, env, stdio: 'inherit' });
  await waitUntilReady(`${url}/readyz`, [child], 'the stack');
  return {
    url,
    cpuMs: () => sum(cpuByProcess(child.pid)),
    cpuByProcess: () => cpuByProcess(child.pid),
    stop: stopper(child, () => rmSync(dataDir, { recursive: true, force: true })),
  };
}

/**
 * The stack on the real servers as an operator scales it: one process per service and the gateway, as the
 * launcher starts them, but `swipeInstances` swipe processes behind the one address the gateway calls
 * (instances.js shares their port, as replicas behind a load balancer).
 */
export async function startScaledStack(options: { variables: NodeJS.ProcessEnv; swipeInstances: number }): Promise<Running> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nocturne-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const variables = benchVariables(options.variables, url, dataDir);
  const children: ChildProcess[] = [];
  const urls: Record<string, string> = {};
  for (const service of services) {
    const servicePort = await freePort();
    urls[subgraphUrlVariable(service.name)] = `http://127.0.0.1:${servicePort}/graphql`;
    const entry = path.join(repoRoot, 'services', service.name, 'dist', 'main.js');
    const args = service.name === 'swipe' ? [path.join(__dirname, 'instances.js'), entry, String(options.swipeInstances)] : [entry];
    const env = { ...variables, [portVariableOf(service.name)]: String(servicePort), METRICS_PORT: String(await freePort()), OTEL_SERVICE_NAME: `nocturne-${service.name}` };
    children.push(spawn(process.execPath, args, { cwd: repoRoot, env, stdio: 'inherit' }));
  }
  const gatewayEnv = { ...variables, ...urls, PORT: String(port), METRICS_PORT: String(await freePort()), OTEL_SERVICE_NAME: 'nocturne-gateway' };
  children.push(spawn(process.execPath, [path.join(repoRoot, 'stack', 'dist', 'gatewayMain.js')], { cwd: repoRoot, env: gatewayEnv, stdio: 'inherit' }));
  const cpu = () => Object.assign({}, ...children.map((child) => cpuByProcess(child.pid))) as Record<string, number>;
  const stopAll = async () => {
    // The gateway first, as the launcher does; then the services.
    await stopper(children.at(-1)!)();
    await Promise.all(children.slice(0, -1).map((child) => stopper(child)()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(`${url}/readyz`, children, 'the stack');
    for (const [name, subgraph] of Object.entries(urls)) await waitUntilReady(subgraph.replace(/graphql$/, 'readyz'), children, name);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { url, cpuMs: () => sum(cpu()), cpuByProcess: cpu, stop: stopAll };
}
