export * from './httpError';
export * from './input';
export * from './routes';
export * from './proxiedPrefix';
