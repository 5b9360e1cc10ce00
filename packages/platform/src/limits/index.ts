export * from './rateLimiter';
export * from './concurrencyLimiter';
