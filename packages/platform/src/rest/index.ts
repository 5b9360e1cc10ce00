export * from './httpError';
export * from './input';
export * from './routes';
