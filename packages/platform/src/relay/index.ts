export * from './outboxRelay';
export * from './dedupe';
