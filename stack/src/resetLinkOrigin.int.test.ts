import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually, freePort, repoRoot } from '@nocturne/platform/testing';
import { embeddedProcessEnv } from './testStack';

// `PORT=<n> npm start` without PUBLIC_URL, as the README suggests for another port: the reset link a
// person receives must open the app on that port, not on the default 8080.
const stackMain = path.join(repoRoot, 'stack', 'dist', 'main.js');

describe('the reset link of a stack on another port', () => {
  jest.setTimeout(120_000);
  let dataDir: string;
  let child: ChildProcess | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'nocturne-reset-origin-'));
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('points at the port the stack listens on when PUBLIC_URL is not set, and the link works there', async () => {
    if (!existsSync(stackMain)) throw new Error(`${stackMain} is missing: run npm run build first (npm run test:int does)`);
    const port = await freePort();
    const outbox = path.join(dataDir, 'outbox');
    child = spawn(process.execPath, [stackMain], { cwd: repoRoot, env: { ...embeddedProcessEnv({ port, dataDir, logLevel: 'warn' }), MAIL_OUTBOX_DIR: outbox }, stdio: 'ignore' });
    const site = `http://127.0.0.1:${port}`;
    await eventually(async () => expect((await fetch(`${site}/readyz`, { signal: AbortSignal.timeout(2_000) })).status).toBe(200), { timeoutMs: 60_000, intervalMs: 200 });

    const tag = Date.now().toString(36);
    const person = { username: `reset${tag}`, email: `reset.${tag}@example.test`, password: 'moonlight42', name: 'Luna Night', age: 27 };
    const post = (url: string, body: object) => fetch(`${site}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/api/auth/signup', person)).status).toBe(201);
    expect((await post('/api/forgot-password', { email: person.email })).status).toBe(200);

    const mail = await eventually(
      () => {
        const found = existsSync(outbox)
          ? readdirSync(outbox)
              .filter((file) => file.endsWith('.json'))
              .map((file) => JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { to: string; text: string })
              .find((each) => each.to.includes(person.email))
          : undefined;
        if (!found) throw new Error('no reset mail yet');
        return found;
      },
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    const link = new URL(/https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)![0]);
    expect(link.origin).toBe(`http://localhost:${port}`);

    // The link opens the app there, and its token sets the new password.
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await post('/api/reset-password', { token: link.searchParams.get('token'), password: 'a-new-night-7' })).status).toBe(200);
    expect((await post('/api/auth/signin', { username: person.username, password: 'a-new-night-7' })).status).toBe(200);
  });
});
