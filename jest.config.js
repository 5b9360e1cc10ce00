// One runner for every workspace. Projects split tests by kind: `unit` (pure, no servers, no network)
// and `int` (HTTP servers, adapters; real Kafka/MongoDB/Redis when their variables are set).
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }];
const { readdirSync } = require('node:fs');
// Every folder under services/ is a service workspace (docs/adding-a-service.md).
const services = readdirSync(`${__dirname}/services`, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const moduleNameMapper = {
  '^@nocturne/(contracts|platform)$': '<rootDir>/packages/$1/src',
  '^@nocturne/(contracts|platform)/(.*)$': '<rootDir>/packages/$1/src/$2',
  [`^@nocturne/(${services.join('|')})$`]: '<rootDir>/services/$1/src',
  [`^@nocturne/(${services.join('|')})/rest$`]: '<rootDir>/services/$1/src/rest',
  '^@nocturne/(gateway|stack)$': '<rootDir>/$1/src',
  '^@nocturne/demo$': '<rootDir>/tools/demo/src',
};
/** A project's time limit per test (see tests/jest/timeout.js). */
const limit = (testTimeoutMs) => ({ globals: { testTimeoutMs }, setupFilesAfterEnv: ['<rootDir>/tests/jest/timeout.js'] });
const common = { transform: { '^.+\\.(t|j)sx?$': swc }, moduleNameMapper, testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/e2e/tests/'] };

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testEnvironment: 'node', testMatch: ['<rootDir>/{packages,services,gateway,stack,tools,e2e/setup}/**/*.unit.test.ts', '<rootDir>/infra/*.unit.test.ts'] },
    {
      ...common,
      displayName: 'unit-frontend',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/frontend/src/**/*.unit.test.{ts,tsx}'],
      moduleNameMapper: { ...moduleNameMapper, '\\.(css|png|svg|jpg)(\\?inline)?$': '<rootDir>/frontend/test/fileStub.js' },
    },
    { ...common, displayName: 'int', testEnvironment: 'node', testMatch: ['<rootDir>/{packages,services,gateway,stack,tools,tests,frontend/build,e2e/setup}/**/*.int.test.ts'], ...limit(30_000) },
    // Suites that stop a shared server (Kafka, Redis) under test: run alone, after every other integration
    // suite (`npm run test:int`), since nothing else may use the servers meanwhile.
    { ...common, displayName: 'outage', testEnvironment: 'node', testMatch: ['<rootDir>/{packages,services,tests}/**/*.outage.test.ts'], ...limit(30_000) },
    // `npm run test:faults`: the real stack on servers of its own, stopped and started with infra/*.sh.
    { ...common, displayName: 'faults', testEnvironment: 'node', testMatch: ['<rootDir>/tests/system/faults/*.faults.test.ts'], ...limit(300_000) },
  ],
};
