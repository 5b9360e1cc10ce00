// A project's time limit per test: jest reads `testTimeout` only from the command line or the top-level
// configuration, not from a project's, so each project says its limit in `globals.testTimeoutMs`.
if (typeof globalThis.testTimeoutMs === 'number') jest.setTimeout(globalThis.testTimeoutMs);
