import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { canStartOwnServers, eventually, OwnRedis } from '@nocturne/platform/testing';
import { restRoutesOf, restTables } from './restTables';

// The gateway's own process (docker compose, the launcher) serves every service's REST calls from the
// services' light entries: it must not load a service's domain, its adapters or its libraries (sharp,
// argon2, the mailer), nor the platform's Kafka, MongoDB and in-process adapters. The compiled process
// entry runs with a preload that lists every module it loaded as it exits.

const root = path.resolve(__dirname, '../..');
const entry = path.join(root, 'stack/dist/gatewayMain.js');
const withRedis = canStartOwnServers() ? describe : describe.skip;

/** Writes `require.cache`'s keys (every module file loaded) to LOADED_MODULES_FILE when the process exits. */
const PRELOAD = `process.on('exit', () => require('node:fs').writeFileSync(process.env.LOADED_MODULES_FILE, Object.keys(require.cache).join('\\n')));`;

const serviceCode = /\/services\/([^/]+)\/(?!dist\/rest\/)/;
const heavyLibraries = /\/node_modules\/(sharp|@img|argon2|nodemailer|busboy|kafkajs|mongoose|mongodb|mingo)\//;
const platformAdapters = /\/packages\/platform\/dist\/(adapters|kafka|mongo|inprocess)\//;

withRedis("the gateway's process", () => {
  jest.setTimeout(60_000);
  let redis: OwnRedis;
  let dir: string;
  let gateway: ChildProcess | undefined;

  beforeAll(async () => {
    if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);
    redis = await OwnRedis.start();
    dir = mkdtempSync(path.join(tmpdir(), 'nocturne-gateway-process-'));
    writeFileSync(path.join(dir, 'preload.js'), PRELOAD);
  });

  afterAll(() => {
    gateway?.kill('SIGKILL');
    redis?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves every service's REST calls without loading any service's domain, adapters or libraries", async () => {
    const loadedFile = path.join(dir, 'loaded.txt');
    const output: string[] = [];
    gateway = spawn(process.execPath, ['--require', path.join(dir, 'preload.js'), entry], {
      cwd: root,
      env: { PATH: process.env.PATH, REDIS_URL: redis.url, INTERNAL_SECRET: randomBytes(32).toString('base64'), PORT: '0', HOST: '127.0.0.1', METRICS_PORT: '0', METRICS_HOST: '127.0.0.1', LOADED_MODULES_FILE: loadedFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    gateway.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    gateway.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const exited = new Promise<number | null>((resolve) => gateway!.once('exit', resolve));

    const url = await eventually(() => {
      const ready = output.join('').split('\n').find((line) => line.includes('Nocturne gateway ready'));
      if (!ready) throw new Error(`not ready yet:\n${output.join('')}`);
      return (JSON.parse(ready) as { url: string }).url;
    }, { timeoutMs: 30_000 });

    const document = (await (await fetch(`${url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    for (const route of restRoutesOf(restTables)) expect(document.paths[route.path.replace(/:(\w+)/g, '{$1}')]).toHaveProperty(route.method);

    gateway.kill('SIGTERM');
    expect(await exited).toBe(0);
    const loaded = readFileSync(loadedFile, 'utf8').split('\n');
    expect(loaded.filter((file) => /\/services\/[^/]+\/dist\/rest\/index\.js$/.test(file))).toHaveLength(restTables.length);
    expect(loaded.filter((file) => serviceCode.test(file))).toEqual([]);
    expect(loaded.filter((file) => heavyLibraries.test(file))).toEqual([]);
    expect(loaded.filter((file) => platformAdapters.test(file))).toEqual([]);
  });
});
