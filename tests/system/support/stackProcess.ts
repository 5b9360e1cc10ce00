import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually, freePort, processAlive, repoRoot } from '@nocturne/platform/testing';
import { metricsPortVariableOf, portVariableOf, services } from '@nocturne/stack';
import { crawlingUnlimited, writeTestFrontend } from './inProcessStack';
import { liftedSignUpLimits, realInfrastructure } from './realServers';
import { StackUnderTest } from './stackUnderTest';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '?';
  }
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

export interface StackProcessOptions {
  /**
   * `real` (the default): one process per service on the servers of KAFKA_BROKERS, MONGODB_URI and REDIS_URL
   * (the shared ones, or those `env` names); `embedded`: the embedded stack as one supervised process, on a
   * data directory of its own and the in-process adapters.
   */
  infrastructure?: 'real' | 'embedded';
  /** More variables for every process (rate limits, log level...). */
  env?: Record<string, string>;
  /** The embedded stack's data directory, kept by the test; by default a new one, removed at stop. */
  dataDir?: string;
  readyTimeoutMs?: number;
}

/** A line the processes logged: pino's JSON, or `{ text }` for anything else. */
export type LogEntry = Record<string, unknown> & { msg?: string };

/**
 * `node stack/dist/main.js` as `npm start` runs it, on free ports: with real infrastructure the launcher
 * and one process per service of the registry and the gateway; without, the launcher and the embedded
 * stack as its one child. Keeps what every process prints (their JSON log lines) for the test to read.
 */
export class StackProcess extends StackUnderTest {
  private output: string[] = [];
  /** Resolves once the launcher has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The launcher and the processes it started (every service of the registry and the gateway, or the embedded stack). */
  processes: Array<{ pid: number; command: string }> = [];
  protected readonly profileWait = { timeoutMs: 45_000, intervalMs: 200 };

  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
    /** The gateway's and (with real infrastructure) each service's port, by name. */
    readonly ports: Readonly<Record<string, number>>,
    /** Each process's /metrics port (METRICS_PORT, <NAME>_METRICS_PORT), with real infrastructure. */
    readonly metricsPorts: Readonly<Record<string, number>>,
    private readonly cleanUp: () => void,
  ) {
    super();
    // Whole lines only: a chunk may end in the middle of one, kept until the next chunk of that stream.
    const keeper = () => {
      let rest = '';
      return (chunk: Buffer) => {
        const lines = (rest + chunk.toString('utf8')).split('\n');
        rest = lines.pop() ?? '';
        this.output.push(...lines.filter(Boolean));
        if (this.output.length > 20_000) this.output.splice(0, this.output.length - 20_000);
      };
    };
    child.stdout?.on('data', keeper());
    child.stderr?.on('data', keeper());
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  static async start({ infrastructure = 'real', env = {}, dataDir: keptDataDir, readyTimeoutMs = 90_000 }: StackProcessOptions = {}): Promise<StackProcess> {
    const main = path.join(repoRoot, 'stack', 'dist', 'main.js');
    if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build first (npm run test:int does)`);
    const ports: Record<string, number> = { gateway: await freePort() };
    const metricsPorts: Record<string, number> = {};
    const url = `http://127.0.0.1:${ports.gateway}`;
    let variables: NodeJS.ProcessEnv;
    let cleanUp = () => {};
    if (infrastructure === 'real') {
      // Free ports for every service of the registry too, so no process takes a default one.
      for (const name of ['gateway', ...services.map((service) => service.name)]) {
        ports[name] ??= await freePort();
        metricsPorts[name] = await freePort();
      }
      variables = {
        ...process.env,
        ...realInfrastructure,
        PORT: String(ports.gateway),
        METRICS_PORT: String(metricsPorts.gateway),
        ...Object.fromEntries(
          services.flatMap((service) => [
            [portVariableOf(service.name), String(ports[service.name])],
            [metricsPortVariableOf(service.name), String(metricsPorts[service.name])],
          ]),
        ),
        PUBLIC_URL: url,
        INTERNAL_SECRET: randomBytes(24).toString('base64url'),
        SWIPE_WINDOW: 'always',
        LOG_LEVEL: 'info',
        ...liftedSignUpLimits,
        ...crawlingUnlimited,
        ...env,
      };
    } else {
      const dataDir = keptDataDir ?? mkdtempSync(path.join(tmpdir(), 'nocturne-embedded-process-'));
      if (keptDataDir === undefined) cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
      // A clean environment: no real servers, every other port free, no demo night owls.
      variables = {
        PATH: process.env.PATH ?? '',
        KAFKA_BROKERS: '',
        MONGODB_URI: '',
        REDIS_URL: '',
        LOG_LEVEL: 'info',
        PORT: String(ports.gateway),
        METRICS_PORT: '0',
        ...Object.fromEntries(services.map((service) => [portVariableOf(service.name), '0'])),
        NOCTURNE_DATA_DIR: dataDir,
        FRONTEND_DIST: writeTestFrontend(dataDir),
        DEMO_NIGHT_OWLS: 'false',
        ...env,
      };
    }
    const child = spawn(process.execPath, [main], { cwd: repoRoot, env: variables, stdio: ['ignore', 'pipe', 'pipe'] });
    const stack = new StackProcess(child, url, ports, metricsPorts, cleanUp);
    try {
      const outcome = await eventually(
        async () => {
          if (child.exitCode !== null || child.signalCode !== null) return `the stack exited (${child.exitCode ?? child.signalCode})`;
          expect((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) })).status).toBe(200);
          return 'ready';
        },
        { timeoutMs: readyTimeoutMs, intervalMs: 250 },
      );
      if (outcome !== 'ready') throw new Error(outcome);
    } catch (error) {
      await stack.stop(5_000).catch(() => undefined);
      throw new Error(`the gateway did not answer GET /readyz with 200: ${(error as Error).message}\n--- stack output ---\n${stack.log()}`, { cause: error });
    }
    stack.processes = [child.pid!, ...childrenOf(child.pid!)].map((pid) => ({ pid, command: commandOf(pid) }));
    return stack;
  }

  /** Where a process of the stack answers /metrics (real infrastructure). */
  metricsUrl(process: string): string {
    const port = this.metricsPorts[process];
    if (port === undefined) throw new Error(`no process named ${process}`);
    return `http://127.0.0.1:${port}/metrics`;
  }

  /** Lines printed so far (JSON log lines of every process) that match `pattern`. */
  linesMatching(pattern: RegExp): string[] {
    return this.output.filter((line) => pattern.test(line));
  }

  /** The log lines printed so far whose `msg` is `msg`, parsed. */
  logged(msg: string): LogEntry[] {
    return this.entries().filter((entry) => entry.msg === msg);
  }

  /** Every line printed so far, parsed. */
  entries(): LogEntry[] {
    return this.output.map((line) => {
      try {
        return JSON.parse(line) as LogEntry;
      } catch {
        return { text: line };
      }
    });
  }

  /** The last lines the processes printed. */
  log(lines = 60): string {
    return this.output.slice(-lines).join('\n');
  }

  /** Sends `signal` to the launcher (which passes it on) and waits for the whole tree; kills what is left at the deadline. */
  async stop(timeoutMs = 30_000, signal: NodeJS.Signals = 'SIGTERM'): Promise<StopResult> {
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
    this.cleanUp();
    return { code, signal: exitSignal, ms, lingering };
  }

  /** The running process whose command line contains `marker` (a service's `dist/main.js`), as started by the launcher now. */
  pidOf(marker: string): number | undefined {
    return childrenOf(this.child.pid!).find((pid) => commandOf(pid).includes(marker));
  }
}
