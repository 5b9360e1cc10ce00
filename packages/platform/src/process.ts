/**
 * `@nocturne/platform/process`: what a process that only runs others needs (the launcher of
 * `stack/dist/main.js`): logging, the capped doubling wait, stop requests, and which infrastructure the
 * variables name. The package's main entry loads every adapter and server (the database, Kafka and Redis
 * clients, Apollo: about 130 MB and half a second); a launcher in front of them loads only this.
 */
export { createLogger, type Logger } from './logging';
export { cappedDoublingMs } from './delays';
export { onStopRequest, type StopReason } from './kit/stopRequest';
export { REAL_VARIABLES, usesRealInfrastructure } from './infrastructureMode';
