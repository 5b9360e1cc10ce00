/**
 * Test support for suites that run on the real servers `infra/up.sh` starts: whether they are there,
 * stopping and starting one of them, and free ports for processes a test starts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '../../../..');

export type InfraServer = 'kafka' | 'mongo' | 'redis';

/** True when KAFKA_BROKERS, MONGODB_URI and REDIS_URL are all set. */
export const hasRealInfrastructure = (env: NodeJS.ProcessEnv = process.env) =>
  ['KAFKA_BROKERS', 'MONGODB_URI', 'REDIS_URL'].every((name) => Boolean(env[name]?.trim()));

const runDir = () => process.env.NOCTURNE_RUN_DIR ?? path.join(process.env.NOCTURNE_CACHE ?? path.join(homedir(), '.cache', 'nocturne'), 'run');

/**
 * Tests that stop a server need one that infra/down.sh can stop: the one infra/up.sh started (its pid is
 * recorded), as on CI. NOCTURNE_OUTAGE_TESTS=1 forces them, =0 skips them.
 */
export function outageTestsEnabled(server: InfraServer = 'kafka'): boolean {
  const flag = process.env.NOCTURNE_OUTAGE_TESTS?.trim();
  if (flag === '1') return true;
  if (flag === '0') return false;
  return existsSync(path.join(runDir(), 'pids', `${server}.pid`));
}

/** `bash infra/<up|down>.sh <server>`: one server, the others untouched. Throws with the script's output. */
export function infra(action: 'up' | 'down', server: InfraServer, env: NodeJS.ProcessEnv = process.env, flags: string[] = []): void {
  const result = spawnSync('bash', [path.join(repoRoot, 'infra', `${action}.sh`), ...flags, server], { encoding: 'utf8', timeout: 180_000, env });
  if (result.status !== 0) throw new Error(`infra/${action}.sh ${server} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
}

/** True when the servers' programs are installed here (redis-server for Redis), so infra/up.sh can start a set of its own. */
export const canStartOwnServers = (): boolean => spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0;

const MARKERS: Record<InfraServer, string> = { redis: 'redis-server', kafka: 'kafka.Kafka', mongo: 'app.nocturne.mongo.MongoStandIn' };

/**
 * Servers of a test's own, started and stopped with the repository's infra scripts on free ports and in a
 * run directory of their own: faults injected into them never touch the shared servers other suites use.
 */
export class OwnServers {
  private constructor(
    private readonly ports: Record<InfraServer | 'kafkaController', number>,
    private readonly runDir: string,
  ) {}

  /** Starts the named servers with fresh data (Kafka takes a while: a JVM). */
  static async start(...servers: InfraServer[]): Promise<OwnServers> {
    const ports = { redis: await freePort(), kafka: await freePort(), kafkaController: await freePort(), mongo: await freePort() };
    const own = new OwnServers(ports, mkdtempSync(path.join(tmpdir(), 'nocturne-faults-')));
    try {
      for (const server of servers) own.up(server, { fresh: true });
    } catch (error) {
      own.close();
      throw error;
    }
    return own;
  }

  /** KAFKA_BROKERS, MONGODB_URI and REDIS_URL of this set. */
  get variables(): { KAFKA_BROKERS: string; MONGODB_URI: string; REDIS_URL: string } {
    return { KAFKA_BROKERS: `127.0.0.1:${this.ports.kafka}`, MONGODB_URI: `mongodb://127.0.0.1:${this.ports.mongo}`, REDIS_URL: `redis://127.0.0.1:${this.ports.redis}` };
  }

  port(server: InfraServer): number {
    return this.ports[server];
  }

  private get env(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      ...this.variables,
      NOCTURNE_RUN_DIR: this.runDir,
      NOCTURNE_REDIS_PORT: String(this.ports.redis),
      NOCTURNE_KAFKA_PORT: String(this.ports.kafka),
      NOCTURNE_KAFKA_CONTROLLER_PORT: String(this.ports.kafkaController),
      NOCTURNE_MONGO_PORT: String(this.ports.mongo),
      // On a file, so that the database comes back with its data after an outage, as MongoDB does.
      NOCTURNE_MONGO_STORAGE: 'file',
    };
  }

  /** Starts one server; a restart keeps its data (an outage) unless `fresh`. */
  up(server: InfraServer, options: { fresh?: boolean } = {}): void {
    infra('up', server, this.env, options.fresh ? ['--fresh'] : []);
  }

  /** Stops one server (SIGTERM, as in an outage), keeping its data. */
  down(server: InfraServer): void {
    infra('down', server, this.env);
  }

  private pid(server: InfraServer): number | undefined {
    const file = path.join(this.runDir, 'pids', `${server}.pid`);
    if (!existsSync(file)) return undefined;
    const pid = Number(readFileSync(file, 'utf8').trim());
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(MARKERS[server]) ? pid : undefined;
    } catch {
      return undefined;
    }
  }

  /** Freezes one server (SIGSTOP): connections stay open and nothing answers, as a hung server. */
  pause(server: InfraServer): void {
    const pid = this.pid(server);
    if (pid === undefined) throw new Error(`${server} is not running`);
    process.kill(pid, 'SIGSTOP');
  }

  resume(server: InfraServer): void {
    const pid = this.pid(server);
    if (pid !== undefined) process.kill(pid, 'SIGCONT');
  }

  /** Stops every server of the set and deletes its run directory. */
  close(): void {
    try {
      for (const server of ['kafka', 'mongo', 'redis'] as const) {
        if (this.pid(server) === undefined) continue;
        this.resume(server);
        this.down(server);
      }
    } finally {
      rmSync(this.runDir, { recursive: true, force: true });
    }
  }
}

/** A Redis of a test's own (OwnServers with Redis alone). */
export class OwnRedis {
  private constructor(private readonly servers: OwnServers) {}

  static async start(): Promise<OwnRedis> {
    return new OwnRedis(await OwnServers.start('redis'));
  }

  get url(): string {
    return this.servers.variables.REDIS_URL;
  }

  /** Starts it again on its append-only file. */
  up(): void {
    this.servers.up('redis');
  }

  down(): void {
    this.servers.down('redis');
  }

  pause(): void {
    this.servers.pause('redis');
  }

  resume(): void {
    this.servers.resume('redis');
  }

  close(): void {
    this.servers.close();
  }
}

/**
 * Ports this process handed out. The OS may give a port it just closed again: a stack given the same port
 * twice (a service's and another's /metrics) started one server on it and sent the other's requests there.
 */
const handedOut = new Set<number>();

/** A port nobody listens on right now (the OS picks it), and never one this process handed out before. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await portTheSystemGives();
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

function portTheSystemGives(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** True once connecting to host:port is refused (or times out). */
export function portRefuses(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.setTimeout(1_000);
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('timeout', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(true));
  });
}

/** Whether the process runs: one that exited and waits to be reaped (a zombie) counts as gone. */
export function processAlive(pid: number): boolean {
  try {
    // /proc/<pid>/stat: "pid (comm) state ...": comm may hold spaces, so the state follows the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}
