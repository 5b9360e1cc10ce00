// `npm run test:int`: the integration suites in three groups at once, then the outage suites alone.
// - real: tests/system/real and tests/system/both (every whole stack on the real servers, one at a time: stacks
//   on one Kafka share the services' consumer groups, so an event one suite's stack wrote may be handled by
//   another suite's processes, and the first would miss the span or metric it waits for);
// - embedded: tests/system/embedded (whole stacks in process);
// - parts: every other `*.int.test.ts` (packages, services, gateway, stack, tools, the client's build).
// Each group runs its suites one at a time (--runInBand, as `jest --selectProjects int` does); much of a
// suite's time is spent waiting on a server or a timer, so the groups overlap well on two cores. The
// outage suites stop the shared Kafka or Redis, so they run last, alone (jest project `outage`).
// Arguments are passed to every jest run (e.g. `npm run test:int -- --silent`).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { report, root, run } from './processes.mjs';

const jestBin = createRequire(join(root, 'package.json')).resolve('jest/bin/jest');
const extra = process.argv.slice(2);
const jest = (name, args) => run(name, process.execPath, [jestBin, ...args, ...extra]);

const groups = await Promise.all([
  jest('real', ['--selectProjects', 'int', '--runInBand', '--testPathPatterns', '/tests/system/(real|both)/']),
  jest('embedded', ['--selectProjects', 'int', '--runInBand', '--testPathPatterns', '/tests/system/embedded/']),
  jest('parts', ['--selectProjects', 'int', '--runInBand', '--testPathIgnorePatterns', '/node_modules/', '/dist/', '/e2e/tests/', '/tests/system/']),
]);
report([...groups, await jest('outage', ['--selectProjects', 'outage', '--runInBand'])]);
