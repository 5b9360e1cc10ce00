export * from './outboxRelay';
export * from './dedupe';
export * from './integrationConsumer';
