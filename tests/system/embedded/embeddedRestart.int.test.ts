import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually, freePort, processAlive, repoRoot } from '@nocturne/platform/testing';
import { embeddedProcessEnv } from '../support/testStack';

// `node stack/dist/main.js` without real infrastructure: a launcher with the embedded stack as its one
// supervised child. Runs the build (npm run test:int builds first).
const stackMain = path.join(repoRoot, 'stack', 'dist', 'main.js');

type LogEntry = Record<string, unknown> & { msg?: string };

class Launcher {
  readonly entries: LogEntry[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private rest = '';

  constructor(
    readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.stdout!.on('data', (chunk: Buffer) => this.keep(chunk));
    child.stderr!.on('data', (chunk: Buffer) => this.keep(chunk));
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  private keep(chunk: Buffer) {
    const lines = (this.rest + chunk.toString('utf8')).split('\n');
    this.rest = lines.pop() ?? '';
    for (const line of lines) {
      try {
        this.entries.push(JSON.parse(line) as LogEntry);
      } catch {
        this.entries.push({ text: line });
      }
    }
  }

  logged(msg: string): LogEntry[] {
    return this.entries.filter((entry) => entry.msg === msg);
  }

  /** The pid of the embedded stack's process, as the supervisor last started it. */
  embeddedPid(): number {
    const started = this.entries.filter((entry) => entry.process === 'embedded' && (entry.msg === 'process started' || entry.msg === 'process restarted'));
    const pid = started.at(-1)?.pid;
    if (typeof pid !== 'number') throw new Error('the embedded process has not been started yet');
    return pid;
  }
}

/** The `name=value` of the session cookie a response sets. */
const sessionCookieOf = (res: Response) => {
  const line = res.headers.getSetCookie().find((cookie) => cookie.startsWith('nocturne_session='));
  if (!line) throw new Error('no session cookie was set');
  return line.split(';')[0]!;
};

async function answersReady(url: string) {
  const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
  expect(res.status).toBe(200);
}

describe('the embedded stack under its launcher', () => {
  jest.setTimeout(120_000);
  let dataDir: string;
  let launcher: Launcher | undefined;

  const start = async () => {
    if (!existsSync(stackMain)) throw new Error(`${stackMain} is missing: run npm run build first (npm run test:int does)`);
    const port = await freePort();
    const child = spawn(process.execPath, [stackMain], {
      cwd: repoRoot,
      env: embeddedProcessEnv({ port, dataDir, logLevel: 'info' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    launcher = new Launcher(child, `http://127.0.0.1:${port}`);
    await eventually(() => answersReady(launcher!.url), { timeoutMs: 60_000, intervalMs: 100 });
    return launcher;
  };

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'nocturne-embedded-restart-'));
  });
  afterEach(async () => {
    if (launcher && launcher.child.exitCode === null && launcher.child.signalCode === null) {
      launcher.child.kill('SIGKILL');
      await launcher.exited;
    }
    // Whatever a failed test left running.
    for (const entry of launcher?.entries ?? []) if (typeof entry.pid === 'number' && entry.process === 'embedded' && processAlive(entry.pid)) process.kill(entry.pid, 'SIGKILL');
    launcher = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts the embedded stack again after it crashed, logged with what a restart loses; a session stays signed in, a signed-out one stays out', async () => {
    const app = await start();
    const person = { username: `owl${Date.now().toString(36)}`, email: `owl.${Date.now().toString(36)}@example.test`, password: 'moonlight42', name: 'Luna Night', age: 27 };
    const signUp = await fetch(`${app.url}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(person) });
    expect(signUp.status).toBe(201);
    const signInAs = () => fetch(`${app.url}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: person.username, password: person.password }) });
    const currentUser = (cookie: string) => fetch(`${app.url}/api/auth/user`, { headers: { cookie } });
    const signedIn = sessionCookieOf(await signInAs());
    const signedOut = sessionCookieOf(await signInAs());
    expect((await fetch(`${app.url}/api/auth/signout`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: signedOut }, body: '{}' })).status).toBe(200);
    expect((await currentUser(signedIn)).status).toBe(200);
    expect((await currentUser(signedOut)).status).toBe(401);

    const crashed = app.embeddedPid();
    process.kill(crashed, 'SIGKILL');
    await eventually(() => expect(app.logged('process restarted')).toHaveLength(1), { timeoutMs: 30_000, intervalMs: 50 });
    expect(app.logged('a process of the stack stopped; restarting it')).toEqual([
      expect.objectContaining({ process: 'embedded', signal: 'SIGKILL', restartInMs: 500, lostOnRestart: expect.stringMatching(/live connections.*sessions.*kept/) }),
    ]);
    expect(app.embeddedPid()).not.toBe(crashed);
    await eventually(() => answersReady(app.url), { timeoutMs: 60_000, intervalMs: 100 });

    const stillSignedIn = await currentUser(signedIn);
    expect(stillSignedIn.status).toBe(200);
    expect(((await stillSignedIn.json()) as { user: { username: string } }).user.username).toBe(person.username);
    expect((await currentUser(signedOut)).status).toBe(401);

    const signIn = await fetch(`${app.url}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: person.username, password: person.password }) });
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as { user: { username: string } }).user.username).toBe(person.username);

    // SIGTERM to the launcher: the child drains and stops, and the launcher exits 0.
    app.child.kill('SIGTERM');
    expect(await app.exited).toEqual({ code: 0, signal: null });
    expect(processAlive(app.embeddedPid())).toBe(false);
  });

  it('stops the embedded stack when the launcher is killed outright, so nothing keeps holding the port', async () => {
    const app = await start();
    const embedded = app.embeddedPid();
    app.child.kill('SIGKILL');
    await app.exited;
    await eventually(() => expect(processAlive(embedded)).toBe(false), { timeoutMs: 30_000, intervalMs: 50 });
    await expect(fetch(`${app.url}/healthz`, { signal: AbortSignal.timeout(2_000) })).rejects.toThrow();
  });
});
