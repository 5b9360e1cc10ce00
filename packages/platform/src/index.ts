export * from './ports';
export * from './http';
export * from './sessions';
