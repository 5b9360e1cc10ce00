// What domain code (deciders, evolve) may use of the platform: pure types and the rule error, nothing
// that does I/O. Imported as `@nocturne/platform/domain`; the architecture lint allows nothing else.
export * from './decider';
export * from './ruleViolation';
