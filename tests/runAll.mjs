// `npm test`: every test, in turn: the unit tests, the build, the integration suites (three groups at once,
// then the outage suites: tests/runIntegration.mjs), the browser journey on the embedded stack and, with
// KAFKA_BROKERS, MONGODB_URI and REDIS_URL set, on the real servers. Running
// the integration suites and a browser journey at the same time was measured slower on two cores (load
// above 30, each three times slower) and made timing-bound tests fail, so each step has the machine; the two
// browser journeys share it.
import { join } from 'node:path';
import { printJournals, report, root, run } from './processes.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results = [];
// Every step runs even after a failure, so that one run tells everything that fails; the build is the
// exception (the rest would test stale code).
const step = async (...runs) => {
  results.push(...(await Promise.all(runs)));
};

await step(run('unit', npm, ['run', 'test:unit']));
await step(run('build', npm, ['run', 'build']));
if (!results.every((r) => r.ok)) report(results);
await step(run('integration', process.execPath, ['tests/runIntegration.mjs']));
// The two browser journeys at once, each on its own port: with reduced motion and each test closing its pages
// they leave a third of the machine idle alone (4.5 and 5.3 minutes one after the other, 7.6 at once).
await step(run('browser', npm, ['test', '-w', 'e2e']), run('browser-real', npm, ['run', 'test:e2e:real']));
// A browser test failing only in CI is read from the end of its log: each failed test's journal (what its
// pages did: e2e/tests/fixtures.ts) is printed last.
if (results.some((r) => r.name.startsWith('browser') && !r.ok)) printJournals(join(root, 'e2e', 'test-results'));
report(results);
