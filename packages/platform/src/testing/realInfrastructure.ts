/**
 * Test support for suites that run on the real servers `infra/up.sh` starts: whether they are there,
 * stopping and starting one of them, and free ports for processes a test starts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { homedir } from 'node:os';
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
export function infra(action: 'up' | 'down', server: InfraServer): void {
  const result = spawnSync('bash', [path.join(repoRoot, 'infra', `${action}.sh`), server], { encoding: 'utf8', timeout: 180_000 });
  if (result.status !== 0) throw new Error(`infra/${action}.sh ${server} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
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
