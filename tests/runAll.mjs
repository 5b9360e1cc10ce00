// `npm test`: every test. The unit tests and the build first; then the integration suites (three groups,
// then the outage suites: tests/runIntegration.mjs) and the browser journey on the embedded stack at the
// same time (the journey's stack uses no shared server, so the outage suites do not touch it); last, with
// KAFKA_BROKERS, MONGODB_URI and REDIS_URL set, the browser journey again on the real servers.
import { report, run } from './processes.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results = [];
const step = async (...runs) => {
  results.push(...(await Promise.all(runs)));
  if (!results.every((r) => r.ok)) report(results);
};

await step(run('unit', npm, ['run', 'test:unit']));
await step(run('build', npm, ['run', 'build']));
await step(run('integration', process.execPath, ['tests/runIntegration.mjs']), run('browser', npm, ['test', '-w', 'e2e']));
await step(run('browser-real', npm, ['run', 'test:e2e:real']));
report(results);
