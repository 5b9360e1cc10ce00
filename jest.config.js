// One runner for every workspace. Projects split tests by kind: `unit` (pure, no servers, no network)
// and `int` (HTTP servers, adapters; real Kafka/MongoDB/Redis when their variables are set).
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }];
const moduleNameMapper = {
  '^@nocturne/(contracts|platform)$': '<rootDir>/packages/$1/src',
  '^@nocturne/(contracts|platform)/(.*)$': '<rootDir>/packages/$1/src/$2',
  '^@nocturne/(auth|profile)$': '<rootDir>/services/$1/src',
  '^@nocturne/gateway$': '<rootDir>/gateway/src',
};
const common = { transform: { '^.+\\.(t|j)sx?$': swc }, moduleNameMapper, testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/e2e/tests/'] };

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testEnvironment: 'node', testMatch: ['<rootDir>/{packages,services,gateway,stack,e2e/setup}/**/*.unit.test.ts'] },
    {
      ...common,
      displayName: 'unit-frontend',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/frontend/src/**/*.unit.test.{ts,tsx}'],
      moduleNameMapper: { ...moduleNameMapper, '\\.(css|png|svg|jpg)$': '<rootDir>/frontend/test/fileStub.js' },
    },
    { ...common, displayName: 'int', testEnvironment: 'node', testMatch: ['<rootDir>/{packages,services,gateway,stack,frontend/build,e2e/setup}/**/*.int.test.ts'], testTimeout: 30000 },
  ],
};
