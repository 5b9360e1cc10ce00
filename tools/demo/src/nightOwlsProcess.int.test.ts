import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually, freePort, repoRoot } from '@nocturne/platform/testing';

// The demo night owls as docker compose --profile demo runs them, a process of their own: like every process
// of the stack it serves /metrics on a port of its own (METRICS_PORT), never on its health port. Runs the
// build (npm run test:int builds first) on the in-process adapters, beside a stand-in gateway that only
// says it is ready.
const main = path.join(repoRoot, 'tools', 'demo', 'dist', 'main.js');

let gateway: Server;
let gatewayUrl: string;
let owls: ChildProcess | undefined;
let dataDir: string;

beforeAll(async () => {
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build first (npm run test:int does)`);
  dataDir = mkdtempSync(path.join(tmpdir(), 'nocturne-owls-process-'));
  gateway = createServer((req, res) => void res.writeHead(req.url === '/readyz' ? 200 : 503, { 'content-type': 'application/json' }).end('{}'));
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as { port: number }).port}`;
});

afterAll(async () => {
  owls?.kill('SIGKILL');
  await new Promise((resolve) => gateway.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

it('serves /metrics on its METRICS_PORT, 127.0.0.1, and not on its health port', async () => {
  const [metricsPort, healthPort] = [await freePort(), await freePort()];
  owls = spawn(process.execPath, [main], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', GATEWAY_URL: gatewayUrl, NIGHT_OWLS_PORT: String(healthPort), METRICS_PORT: String(metricsPort), NOCTURNE_DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
  await eventually(
    async () => {
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { signal: AbortSignal.timeout(2_000) });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('process_cpu_user_seconds_total');
    },
    { timeoutMs: 20_000, intervalMs: 200 },
  );
  expect((await fetch(`http://127.0.0.1:${healthPort}/metrics`)).status).not.toBe(200);
  expect((await fetch(`http://127.0.0.1:${healthPort}/healthz`)).status).toBe(200);
}, 30_000);
