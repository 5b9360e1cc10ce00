// The one test support of the system tests: who signs up (people), how they talk to a stack (client), and
// the stacks under test: in the test's process, as `npm start` runs it (embedded or on the real servers),
// and the same scenarios on either (stacks).
export * from './people';
export * from './client';
export * from './stackUnderTest';
export * from './inProcessStack';
export * from './stackProcess';
export * from './stacks';
export * from './realServers';
export * from './browserSockets';
