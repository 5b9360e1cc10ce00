/**
 * `npm run bench:web`: starts the built app (embedded stack) on a free port, signs a person up, and runs
 * Lighthouse's mobile preset (simulated throttling) three times on each measured screen in the system
 * Chromium, then prints the median run's scores and the bundle sizes. A benchmark, not a test: it fails
 * only when it cannot measure. Run `npm run build` first (the npm script does).
 *
 * Each screen is first measured once without counting it (BENCH_WARMUP, 1): the server's first answers
 * after its start run cold code. BENCH_RUNS (3) runs per screen; BENCH_PORT picks the port; BENCH_JSON=file also writes the figures;
 * BENCH_SCREENS=/signin,/swipe-deck measures only those; BENCH_LHR_DIR=dir keeps each screen's median
 * Lighthouse report (what the largest paint was, the request chains) to look into.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromiumArgs, ensureChromium } from '../../e2e/setup/chromium';
import { screenModulesFor } from '../src/routes';
import { initialLoad, kB } from './bundleSize';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const lighthouseVersion = (JSON.parse(readFileSync(createRequire(import.meta.url).resolve('lighthouse/package.json'), 'utf8')) as { version: string }).version;
const dist = path.join(repo, 'frontend', 'dist');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const warmUpRuns = Number(process.env.BENCH_WARMUP ?? 1);
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const metrics = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

/** The screens measured. /swipe-deck is a placeholder today; the swipe vertical fills it later. */
const allScreens = [
  { path: '/', signedIn: false },
  { path: '/signin', signedIn: false },
  { path: '/swipe-deck', signedIn: true },
] as const;
const chosen = process.env.BENCH_SCREENS?.split(',').map((name) => name.trim());
const screens = chosen ? allScreens.filter((screen) => chosen.includes(screen.path)) : allScreens;

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

async function freePort(): Promise<number> {
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT);
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, app: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`The app exited with status ${app.exitCode} before it was ready`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${base}/healthz did not answer within 60 s`);
}

async function startApp(port: number, dataDir: string): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  const app = spawn(process.execPath, [path.join(repo, 'stack', 'dist', 'main.js')], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NOCTURNE_DATA_DIR: dataDir,
      PUBLIC_URL: base,
      // Info, for the line that says the demo night owls are in (see waitForNightOwls).
      LOG_LEVEL: 'info',
      // Always the embedded stack, as `npm start` runs it.
      KAFKA_BROKERS: '',
      MONGODB_URI: '',
      REDIS_URL: '',
      AUTH_PORT: '0',
      PROFILE_PORT: '0',
      // @apollo/gateway otherwise probes cloud metadata addresses and reports usage to Apollo.
      APOLLO_TELEMETRY_DISABLED: 'true',
    },
  });
  const owlsIn = waitForNightOwls(app);
  await waitForHealth(base, app);
  await owlsIn;
  return app;
}

/**
 * Resolves once the app has set up its demo night owls: until then it signs each of them up (hashing a
 * password is most of a core for a while), which would be measured as the page's own slowness.
 */
function waitForNightOwls(app: ChildProcess, timeoutMs = 180_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let pending = '';
    const timer = setTimeout(() => reject(new Error(`The demo night owls were not set up within ${timeoutMs / 1000} s`)), timeoutMs);
    app.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop()!;
      if (lines.some((line) => line.includes('"msg":"demo night owls'))) {
        clearTimeout(timer);
        // What the app logs from now on is read and dropped, so that its output never fills up.
        app.stdout!.removeAllListeners('data');
        app.stdout!.resume();
        resolve();
      }
    });
    app.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The app exited with status ${code} before the demo night owls were set up`));
    });
  });
}

/** A new person's session cookie, for the signed-in screens. */
async function signUp(base: string): Promise<string> {
  const tag = Date.now().toString(36);
  const res = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ username: `bench${tag}`.slice(0, 20), email: `bench.${tag}@example.test`, password: 'moonlight-bench-42', name: 'Bench Owl', age: 30 }),
  });
  if (res.status !== 201) throw new Error(`Signing up the benchmark's person failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.includes('session='));
  if (!cookie) throw new Error('Sign-up set no session cookie');
  return cookie.split(';')[0]!;
}

/** Lighthouse sometimes loses a trace (NO_NAVSTART, NO_FCP on a busy machine) and asks to run it again. */
async function measureWithRetries(url: string, cookie: string | undefined, chromePath: string, attempts = 3): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(url, cookie, chromePath);
    } catch (error) {
      if (attempt >= attempts) throw error;
      process.stderr.write(`  ${error instanceof Error ? error.message : String(error)}; running it again\n`);
    }
  }
}

async function measure(url: string, cookie: string | undefined, chromePath: string): Promise<LighthouseResult> {
  // A fresh browser per run: nothing cached, nothing warmed up.
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...chromiumArgs], logLevel: 'error' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      ...(cookie && { extraHeaders: { Cookie: cookie } }),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

const score = (lhr: LighthouseResult, category: (typeof categories)[number]) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

const metric = (lhr: LighthouseResult, id: string) => {
  const audit = lhr.audits[id];
  if (!audit || audit.numericValue === undefined) return '-';
  return id === 'cumulative-layout-shift' ? audit.numericValue.toFixed(3) : `${(audit.numericValue / 1000).toFixed(2)} s`;
};

/** Scores of the categories that are not 100, and the audits that cost them. */
function shortfalls(lhr: LighthouseResult): string[] {
  const lines: string[] = [];
  for (const category of categories) {
    const group = lhr.categories[category];
    if (!group || group.score === 1 || category === 'performance') continue;
    for (const ref of group.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) lines.push(`${category}: ${audit.title}`);
    }
  }
  return lines;
}

function pad(cells: string[], widths: number[]) {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
}

async function main() {
  const chromePath = ensureChromium();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nocturne-bench-'));
  const app = await startApp(port, dataDir);
  const report: Record<string, unknown> = { runs, date: new Date().toISOString(), screens: {} as Record<string, unknown> };
  try {
    const cookie = await signUp(base);
    const rows: string[][] = [];
    const notes: string[] = [];
    for (const screen of screens) {
      // The server's first answers after it starts run cold code (compiling, first queries, the page's
      // compressed copy): a phone meets a server that has been running, so those runs are not counted.
      for (let run = 1; run <= warmUpRuns; run += 1) {
        process.stderr.write(`Lighthouse ${screen.path} warm-up ${run}/${warmUpRuns} (not counted)\n`);
        await measureWithRetries(`${base}${screen.path}`, screen.signedIn ? cookie : undefined, chromePath);
      }
      const results: LighthouseResult[] = [];
      for (let run = 1; run <= runs; run += 1) {
        process.stderr.write(`Lighthouse ${screen.path} run ${run}/${runs}\n`);
        const result = await measureWithRetries(`${base}${screen.path}`, screen.signedIn ? cookie : undefined, chromePath);
        process.stderr.write(`  performance ${score(result, 'performance')}\n`);
        results.push(result);
      }
      const median = computeMedianRun(results as Parameters<typeof computeMedianRun>[0]) as LighthouseResult;
      if (process.env.BENCH_LHR_DIR) {
        mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
        writeFileSync(path.join(process.env.BENCH_LHR_DIR, `${screen.path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing'}.json`), JSON.stringify(median));
      }
      const load = initialLoad(dist, screenModulesFor(screen.path));
      rows.push([
        screen.path,
        ...categories.map((c) => String(score(median, c))),
        ...metrics.map(([id]) => metric(median, id)),
        kB(load.js.gzip),
        kB(load.js.brotli),
      ]);
      for (const line of shortfalls(median)) notes.push(`${screen.path} ${line}`);
      (report.screens as Record<string, unknown>)[screen.path] = {
        scores: Object.fromEntries(categories.map((c) => [c, score(median, c)])),
        allRuns: results.map((r) => Object.fromEntries(categories.map((c) => [c, score(r, c)]))),
        metrics: Object.fromEntries(metrics.map(([id, name]) => [name, median.audits[id]?.numericValue])),
        initialJs: load.js,
      };
    }

    const header = ['screen', 'perf', 'a11y', 'best', 'seo', ...metrics.map(([, name]) => name), 'JS gzip', 'JS br'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const lines = [
      `Lighthouse ${lighthouseVersion} mobile preset (simulated throttling), median of ${runs} runs, Chromium at ${chromePath}`,
      '',
      pad(header, widths),
      ...rows.map((row) => pad(row, widths)),
      '',
      'Initial JavaScript: what index.html loads plus the screen\'s own chunks, each file compressed on its own, as served.',
      ...notes.map((note) => `not 100: ${note}`),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(report, null, 2));
  } finally {
    app.kill('SIGTERM');
    await new Promise((resolve) => app.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
