import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually, freePort, repoRoot, startOtlpReceiver, type OtlpReceiver } from '@nocturne/platform/testing';
import { embeddedProcessEnv } from '../support/testStack';

// The embedded stack's process with tracing on (OTEL_EXPORTER_OTLP_ENDPOINT: the standard instrumentations
// are registered, http among them), exporting to a receiver standing in for the collector. The gateway
// faces the internet: a trace context a client sends is not continued (a client would otherwise choose
// trace ids, join other people's traces and force sampling), while its own calls of the subgraphs still
// carry the request's trace. Runs the build (npm run test:int builds first).
const embeddedMain = path.join(repoRoot, 'stack', 'dist', 'embeddedMain.js');

const CLIENT_TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN_ID = '00f067aa0ba902b7';

describe("a client's trace context at the gateway", () => {
  jest.setTimeout(120_000);
  let receiver: OtlpReceiver;
  let dataDir: string;
  let child: ChildProcess | undefined;
  let url: string;

  beforeAll(async () => {
    if (!existsSync(embeddedMain)) throw new Error(`${embeddedMain} is missing: run npm run build first (npm run test:int does)`);
    receiver = await startOtlpReceiver();
    dataDir = mkdtempSync(path.join(tmpdir(), 'nocturne-edge-trace-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [embeddedMain], {
      cwd: repoRoot,
      env: {
        ...embeddedProcessEnv({ port, dataDir, logLevel: 'silent' }),
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        OTEL_SERVICE_NAME: 'nocturne-embedded',
        // Spans leave every 200 ms instead of every 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '200',
        APOLLO_TELEMETRY_DISABLED: 'true',
      },
      stdio: 'ignore',
    });
    await eventually(async () => expect((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) })).status).toBe(200), { timeoutMs: 60_000, intervalMs: 100 });
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await receiver?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts a trace of its own for a request that names one, which still reaches the subgraph it calls', async () => {
    const tag = Date.now().toString(36);
    const res = await fetch(`${url}/api/auth/signup`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: url,
        traceparent: `00-${CLIENT_TRACE_ID}-${CLIENT_SPAN_ID}-01`,
        tracestate: 'vendor=chosen',
        baggage: 'user=someone-else',
      },
      body: JSON.stringify({ username: `edge${tag}`.slice(0, 20), email: `edge.${tag}@example.test`, password: 'moonlight42', name: 'Edge Owl', age: 30 }),
    });
    expect(res.status).toBe(201);

    const signUp = await eventually(() => {
      const found = receiver.spans.find((span) => span.name === 'POST /api/auth/signup' && span.scope.includes('instrumentation-http'));
      expect(found).toBeDefined();
      return found!;
    }, { timeoutMs: 15_000 });
    expect(signUp.traceId).not.toBe(CLIENT_TRACE_ID);
    expect(signUp.parentSpanId ?? '').toBe('');
    // Its own trace goes on to the subgraph it called, as before.
    await eventually(() => expect(receiver.trace(signUp.traceId).map((span) => span.name)).toEqual(expect.arrayContaining(['subgraph auth', 'POST /graphql'])), { timeoutMs: 15_000 });
    expect(receiver.spans.filter((span) => span.traceId === CLIENT_TRACE_ID).map((span) => span.name)).toEqual([]);
  });
});
