import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { eventually } from '@nocturne/platform/testing';
import { supervise, type SupervisedProgram } from './supervisor';

// Real child processes: small scripts that crash a given number of times, then keep running.
const policy = { initialDelayMs: 50, maxDelayMs: 200, stableAfterMs: 60_000 };

function captureLogs() {
  const entries: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      entries.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), entries };
}

describe('the launcher’s supervisor', () => {
  let dir: string;
  const script = (name: string, source: string) => {
    const file = path.join(dir, `${name}.js`);
    writeFileSync(file, source);
    return file;
  };
  // Counts its starts in a file; exits with `code` for the first `crashes` of them, then runs until SIGTERM.
  const crashing = (name: string, crashes: number, code = 3): SupervisedProgram => ({
    name,
    script: script(
      name,
      `const fs = require('fs'); const f = ${JSON.stringify(path.join(dir, `${name}.starts`))};
       const n = fs.existsSync(f) ? Number(fs.readFileSync(f, 'utf8')) : 0; fs.writeFileSync(f, String(n + 1));
       if (n < ${crashes}) process.exit(${code});
       process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000);`,
    ),
    env: {},
  });

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'nocturne-supervisor-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('restarts a crashed process with a growing wait and logs it, while the others keep running', async () => {
    const logs = captureLogs();
    const supervisor = supervise([crashing('steady', 0), crashing('flaky', 3)], logs.logger, { policy, stdio: 'ignore' });
    try {
      await eventually(() => expect(supervisor.pidOf('steady')).toBeDefined());
      const steadyPid = supervisor.pidOf('steady');
      await eventually(() => expect(logs.entries.filter((e) => e.msg === 'process restarted' && e.process === 'flaky')).toHaveLength(3), { timeoutMs: 10_000 });
      const crashes = logs.entries.filter((e) => e.msg === 'a process of the stack stopped; restarting it');
      expect(crashes.map((e) => [e.process, e.code, e.restartInMs])).toEqual([
        ['flaky', 3, 50],
        ['flaky', 3, 100],
        ['flaky', 3, 200],
      ]);
      await eventually(() => expect(supervisor.pidOf('flaky')).toBeDefined());
      expect(supervisor.pidOf('steady')).toBe(steadyPid);
    } finally {
      supervisor.stop('SIGTERM');
    }
    await expect(supervisor.done).resolves.toBe(0);
  });

  it('does not retry a configuration error: it stops the others and exits 78 as the process did', async () => {
    const logs = captureLogs();
    const supervisor = supervise([crashing('steady', 0), crashing('misconfigured', 1, 78)], logs.logger, { policy, stdio: 'ignore' });
    await expect(supervisor.done).resolves.toBe(78);
    expect(logs.entries.some((e) => e.msg === 'process restarted')).toBe(false);
    expect(supervisor.pidOf('steady')).toBeUndefined();
  });

  it('passes a signal on, restarts nothing after it, and exits 0 when every process stopped cleanly', async () => {
    const logs = captureLogs();
    const supervisor = supervise([crashing('a', 0), crashing('b', 0)], logs.logger, { policy, stdio: 'ignore' });
    await eventually(() => expect([supervisor.pidOf('a'), supervisor.pidOf('b')]).not.toContain(undefined));
    supervisor.stop('SIGTERM');
    await expect(supervisor.done).resolves.toBe(0);
    expect(logs.entries.some((e) => e.msg === 'process restarted')).toBe(false);
  });

  it('stops the programs named first, and waits for them, before it signals the others', async () => {
    const log = path.join(dir, 'order.log');
    // Each appends a line when it gets SIGTERM and when it exits; the gateway takes a moment to drain.
    const program = (name: string, drainMs: number): SupervisedProgram => ({
      name,
      script: script(
        name,
        `const fs = require('fs'); const log = ${JSON.stringify(log)};
         fs.appendFileSync(log, '${name} started\\n');
         process.on('SIGTERM', () => { fs.appendFileSync(log, '${name} stopping\\n');
           setTimeout(() => { fs.appendFileSync(log, '${name} stopped\\n'); process.exit(0); }, ${drainMs}); });
         setInterval(() => {}, 1000);`,
      ),
      env: {},
    });
    const supervisor = supervise([program('auth', 0), program('gateway', 200)], captureLogs().logger, { policy, stdio: 'ignore', stopFirst: ['gateway'] });
    await eventually(() => expect(readFileSync(log, 'utf8').match(/started/g)).toHaveLength(2));
    supervisor.stop('SIGTERM');
    await expect(supervisor.done).resolves.toBe(0);
    const stopping = readFileSync(log, 'utf8').split('\n').filter((line) => !line.endsWith('started') && line !== '');
    expect(stopping).toEqual(['gateway stopping', 'gateway stopped', 'auth stopping', 'auth stopped']);
  });
});
