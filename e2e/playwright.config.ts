import { defineConfig, devices } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChromiumMissingError, chromiumArgs, ensureChromium } from './setup/chromium';

// The browser tests run the real embedded stack (gateway, services, built client) on a fresh data
// directory, in Debian's Chromium: no browser is downloaded. Before anything starts, a missing browser
// is installed (as root on Debian, saying so) or stops the run at once with the command to run.
const chromium = { executablePath: browserOrStop(), args: chromiumArgs };

function browserOrStop(): string {
  try {
    return ensureChromium();
  } catch (error) {
    if (!(error instanceof ChromiumMissingError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
const port = Number(process.env.E2E_PORT ?? 8181);
const realStack = process.env.E2E_STACK === 'real';
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'nocturne-e2e-'));
// Workers load this file again: hand them the same directory through the environment.
process.env.E2E_DATA_DIR = dataDir;
// The same for the stack's internal secret: the moderation tools of the tests call the real stack's services with it.
process.env.INTERNAL_SECRET ??= randomBytes(24).toString('hex');
const mailOutbox = join(dataDir, 'outbox');
process.env.E2E_MAIL_OUTBOX = mailOutbox;

export default defineConfig({
  testDir: './tests',
  // Each stack's failures in a folder of its own: CI runs the two journeys at the same time.
  outputDir: realStack ? 'test-results/real' : 'test-results/embedded',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One test file at a time (E2E_WORKERS to run more, each worker its own Chromium against the one stack;
  // the files never share people). Two were measured no faster on two cores: the journey is bound by
  // Chromium's compositor drawing the app's animations (its GPU process takes about half a core per browser).
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: realStack ? 'playwright-report/real' : 'playwright-report/embedded' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: { mode: 'retain-on-failure', screenshots: false },
    // With reduced motion, which the app honours: Chromium's compositor drawing the animated stars and
    // transitions took half the journey's time (measured: 74 s and 130 s of CPU for two files, 44 s and 57 s
    // without). The tests of gestures opt back in with test.use({ reducedMotion: 'no-preference' }).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    { name: 'phone', use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, hasTouch: true, launchOptions: chromium } },
  ],
  webServer: {
    command: 'node ../stack/dist/main.js',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      NOCTURNE_DATA_DIR: dataDir,
      MAIL_OUTBOX_DIR: mailOutbox,
      // One process per service with real infrastructure needs fixed ports; the embedded stack picks free ones.
      AUTH_PORT: realStack ? String(port + 1) : '0',
      PROFILE_PORT: realStack ? String(port + 2) : '0',
      SWIPE_PORT: realStack ? String(port + 3) : '0',
      CHAT_PORT: realStack ? String(port + 4) : '0',
      // The real nightly window, on both stacks: the swipe journeys put each person inside or outside it
      // through their own time zone (the browser's, which the client stores), as it happens for real.
      SWIPE_WINDOW: 'nightly',
      // The tests make their own people; the demo's night owls would crowd their decks.
      DEMO_NIGHT_OWLS: 'false',
      // Every person of the journeys signs up from this one address, about seventy a run, and on the real
      // servers the count is Redis's, shared with every stack and run on them within the hour (the
      // integration suites before them in CI, the benchmarks' thousands of sign-ups on a developer's
      // machine). The per-address limit itself is tested in the integration suites.
      RATE_SIGN_UP_ADDRESS_LIMIT: '1000000',
      INTERNAL_SECRET: process.env.INTERNAL_SECRET,
      LOG_LEVEL: 'warn',
      // @apollo/gateway otherwise probes cloud metadata addresses and reports usage to Apollo.
      APOLLO_TELEMETRY_DISABLED: 'true',
      // No PUBLIC_URL: the stack runs as `PORT=8181 npm start` would, and its reset links must follow the port.
      // The embedded stack unless E2E_STACK=real: CI exports the real servers' variables for the
      // integration suites, and the browser journey runs on each mode by choice.
      ...(realStack ? {} : { KAFKA_BROKERS: '', MONGODB_URI: '', REDIS_URL: '' }),
    },
  },
});
