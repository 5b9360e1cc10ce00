import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually } from '@nocturne/platform/testing';
import { StackProcess } from '../support';

// `PORT=<n> npm start` without PUBLIC_URL, as the README suggests for another port: the reset link a
// person receives must open the app on that port, not on the default 8080.

describe('the reset link of a stack on another port', () => {
  jest.setTimeout(120_000);
  let dataDir: string;
  let stack: StackProcess | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'nocturne-reset-origin-'));
  });
  afterAll(async () => {
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('points at the port the stack listens on when PUBLIC_URL is not set, and the link works there', async () => {
    const outbox = path.join(dataDir, 'outbox');
    // The embedded stack as npm start runs it, on a free port and without PUBLIC_URL.
    stack = await StackProcess.start({ infrastructure: 'embedded', dataDir, env: { MAIL_OUTBOX_DIR: outbox, LOG_LEVEL: 'warn' } });
    const port = stack.ports.gateway!;
    const site = `http://127.0.0.1:${port}`;

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
