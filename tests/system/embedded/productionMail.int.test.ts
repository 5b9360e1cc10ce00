import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from '@nocturne/platform/testing';

// Production must deliver reset links by mail: started with NODE_ENV=production and no SMTP_URL, the
// processes that run auth refuse to start (status 78, EX_CONFIG) with a message naming SMTP_URL, unless
// MAIL_OUTBOX_DIR asks for mails as files. Runs the builds (npm run test:int builds first), on the
// embedded adapters (the real servers' variables are cleared).
const authMain = path.join(repoRoot, 'services', 'auth', 'dist', 'main.js');
const stackMain = path.join(repoRoot, 'stack', 'dist', 'main.js');

interface Run {
  code: number | null;
  output: string;
}

/** Runs `main` until it exits, or until `readyPattern` appears in its output (then stops it). */
function run(main: string, env: Record<string, string>, readyPattern?: RegExp): Promise<Run> {
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm run build first (npm run test:int does)`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', KAFKA_BROKERS: '', MONGODB_URI: '', REDIS_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let ready = false;
    const keep = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (!ready && readyPattern?.test(output)) {
        ready = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(killer);
      resolve({ code: ready ? 0 : code, output });
    });
  });
}

describe('production without a mail server', () => {
  jest.setTimeout(30_000);
  let dataDir: string;
  const secret = randomBytes(32).toString('base64url');
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'nocturne-production-mail-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the auth process refuses to start with status 78, naming SMTP_URL', async () => {
    const result = await run(authMain, { NODE_ENV: 'production', INTERNAL_SECRET: secret, AUTH_PORT: String(await freePort()), NOCTURNE_DATA_DIR: dataDir });
    expect(result.code).toBe(78);
    expect(result.output).toMatch(/SMTP_URL: is required when NODE_ENV=production/);
    expect(result.output).toMatch(/MAIL_OUTBOX_DIR/);
  });

  it('the embedded stack refuses to start with status 78, naming SMTP_URL', async () => {
    const result = await run(stackMain, { NODE_ENV: 'production', INTERNAL_SECRET: secret, PORT: String(await freePort()), METRICS_PORT: String(await freePort()), AUTH_PORT: '0', PROFILE_PORT: '0', NOCTURNE_DATA_DIR: dataDir });
    expect(result.code).toBe(78);
    expect(result.output).toMatch(/SMTP_URL: is required when NODE_ENV=production/);
  });

  it('the auth process starts when mail is explicitly sent to files', async () => {
    const result = await run(
      authMain,
      { NODE_ENV: 'production', INTERNAL_SECRET: secret, AUTH_PORT: String(await freePort()), NOCTURNE_DATA_DIR: dataDir, MAIL_OUTBOX_DIR: path.join(dataDir, 'outbox') },
      /auth subgraph listening/,
    );
    expect(result.code).toBe(0);
  });
});

// A known INTERNAL_SECRET lets anyone on the network sign subgraph calls as any person: production refuses
// the published development defaults and short secrets, whichever process reads them.
describe('production with a published or short secret', () => {
  jest.setTimeout(30_000);
  const gatewayMain = path.join(repoRoot, 'stack', 'dist', 'gatewayMain.js');
  const publishedSecret = 'dev-only-internal-secret-change-me';
  const publishedKey = '6465762d6f6e6c792d706572736f6e616c2d646174612d6b65792d2d2d2d2d2d';
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'nocturne-production-secrets-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['the gateway', gatewayMain, { REDIS_URL: 'redis://127.0.0.1:1' }],
    ['the auth process', authMain, { AUTH_PORT: '0', MAIL_OUTBOX_DIR: 'outbox' }],
  ])('%s refuses to start with the published INTERNAL_SECRET, naming it', async (_name, main, extra) => {
    const result = await run(main, { NODE_ENV: 'production', INTERNAL_SECRET: publishedSecret, NOCTURNE_DATA_DIR: dataDir, ...extra });
    expect(result.code).toBe(78);
    expect(result.output).toMatch(/INTERNAL_SECRET: is a published development default/);
    expect(result.output).not.toContain(publishedSecret);
  });

  it('the auth process refuses a short INTERNAL_SECRET and the published PERSONAL_DATA_KEY', async () => {
    const result = await run(authMain, { NODE_ENV: 'production', INTERNAL_SECRET: 'sixteen-chars-ok', PERSONAL_DATA_KEY: publishedKey, AUTH_PORT: '0', NOCTURNE_DATA_DIR: dataDir, MAIL_OUTBOX_DIR: 'outbox' });
    expect(result.code).toBe(78);
    expect(result.output).toMatch(/INTERNAL_SECRET: is too short/);
    expect(result.output).toMatch(/PERSONAL_DATA_KEY: is a published development default/);
  });

  it('the same secrets still run a development process', async () => {
    const result = await run(authMain, { NODE_ENV: 'development', INTERNAL_SECRET: publishedSecret, AUTH_PORT: String(await freePort()), NOCTURNE_DATA_DIR: dataDir }, /auth subgraph listening/);
    expect(result.code).toBe(0);
  });
});
