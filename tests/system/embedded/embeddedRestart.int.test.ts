import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually, processAlive } from '@nocturne/platform/testing';
import { cookieOf, newPerson, StackProcess } from '../support';

// `node stack/dist/main.js` without real infrastructure: a launcher with the embedded stack as its one
// supervised child. Runs the build (npm run test:int builds first).

/** The pid of the embedded stack's process, as the supervisor last started it. */
function embeddedPid(app: StackProcess): number {
  const started = app.entries().filter((entry) => entry.process === 'embedded' && (entry.msg === 'process started' || entry.msg === 'process restarted'));
  const pid = started.at(-1)?.pid;
  if (typeof pid !== 'number') throw new Error('the embedded process has not been started yet');
  return pid;
}

async function answersReady(app: StackProcess) {
  expect((await app.client().get('/readyz').timeout(2_000)).status).toBe(200);
}

describe('the embedded stack under its launcher', () => {
  jest.setTimeout(120_000);
  let dataDir: string;
  let launcher: StackProcess | undefined;

  const start = async () => {
    launcher = await StackProcess.start({ infrastructure: 'embedded', dataDir, readyTimeoutMs: 60_000 });
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
    for (const entry of launcher?.entries() ?? []) if (typeof entry.pid === 'number' && entry.process === 'embedded' && processAlive(entry.pid)) process.kill(entry.pid, 'SIGKILL');
    launcher = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts the embedded stack again after it crashed, logged with what a restart loses; a session stays signed in, a signed-out one stays out', async () => {
    const app = await start();
    const person = newPerson();
    expect((await app.client().post('/api/auth/signup', person)).status).toBe(201);
    const signInAs = async () => cookieOf(await app.client().post('/api/auth/signin', { username: person.username, password: person.password }), 'nocturne_session')!;
    const currentUser = (cookie: string) => app.client(cookie).get('/api/auth/user');
    const signedIn = await signInAs();
    const signedOut = await signInAs();
    expect((await app.client(signedOut).post('/api/auth/signout', {})).status).toBe(200);
    expect((await currentUser(signedIn)).status).toBe(200);
    expect((await currentUser(signedOut)).status).toBe(401);

    const crashed = embeddedPid(app);
    process.kill(crashed, 'SIGKILL');
    await eventually(() => expect(app.logged('process restarted')).toHaveLength(1), { timeoutMs: 30_000, intervalMs: 50 });
    expect(app.logged('a process of the stack stopped; restarting it')).toEqual([
      expect.objectContaining({ process: 'embedded', signal: 'SIGKILL', restartInMs: 500, lostOnRestart: expect.stringMatching(/live connections.*sessions.*kept/) }),
    ]);
    expect(embeddedPid(app)).not.toBe(crashed);
    await eventually(() => answersReady(app), { timeoutMs: 60_000, intervalMs: 100 });

    const stillSignedIn = await currentUser(signedIn);
    expect(stillSignedIn.status).toBe(200);
    expect(stillSignedIn.body.user.username).toBe(person.username);
    expect((await currentUser(signedOut)).status).toBe(401);

    const signIn = await app.client().post('/api/auth/signin', { username: person.username, password: person.password });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.username).toBe(person.username);

    // SIGTERM to the launcher: the child drains and stops, and the launcher exits 0.
    app.child.kill('SIGTERM');
    expect(await app.exited).toEqual({ code: 0, signal: null });
    expect(processAlive(embeddedPid(app))).toBe(false);
  });

  it('stops the embedded stack when the launcher is killed outright, so nothing keeps holding the port', async () => {
    const app = await start();
    const embedded = embeddedPid(app);
    app.child.kill('SIGKILL');
    await app.exited;
    await eventually(() => expect(processAlive(embedded)).toBe(false), { timeoutMs: 30_000, intervalMs: 50 });
    await expect(Promise.resolve(app.client().get('/healthz').timeout(2_000))).rejects.toThrow();
  });
});
