// `npm run test:int`: the integration suites in three groups at once, then the outage suites alone.
// - real: tests/system/real (whole stacks on the real servers);
// - embedded: tests/system/embedded and tests/system/both (whole stacks in process; both also on the real servers);
// - parts: every other `*.int.test.ts` (packages, services, gateway, stack, tools, the client's build).
// Each group runs its suites one at a time (--runInBand, as `jest --selectProjects int` does); much of a
// suite's time is spent waiting on a server or a timer, so the groups overlap well on two cores. The
// outage suites stop the shared Kafka or Redis, so they run last, alone (jest project `outage`).
// Arguments are passed to every jest run (e.g. `npm run test:int -- --silent`).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const jest = createRequire(join(root, 'package.json')).resolve('jest/bin/jest');
const extra = process.argv.slice(2);

/** Runs jest with `args`, each line of its output prefixed by the group's name; answers its status and time. */
function run(name, args) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [jest, ...args, ...extra], { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      let pending = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
      });
      stream.on('end', () => pending && process.stdout.write(`[${name}] ${pending}\n`));
    }
    child.on('close', (code, signal) => resolve({ name, ok: code === 0, code: code ?? signal, seconds: Math.round((performance.now() - started) / 1000) }));
  });
}

const groups = await Promise.all([
  run('real', ['--selectProjects', 'int', '--runInBand', '--testPathPatterns', '/tests/system/real/']),
  run('embedded', ['--selectProjects', 'int', '--runInBand', '--testPathPatterns', '/tests/system/(embedded|both)/']),
  run('parts', ['--selectProjects', 'int', '--runInBand', '--testPathIgnorePatterns', '/node_modules/', '/dist/', '/e2e/tests/', '/tests/system/']),
]);
const outage = await run('outage', ['--selectProjects', 'outage', '--runInBand']);
const results = [...groups, outage];
process.stdout.write(`\n${results.map((r) => `${r.name}: ${r.ok ? 'passed' : `failed (${r.code})`} in ${r.seconds} s`).join('; ')}\n`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
