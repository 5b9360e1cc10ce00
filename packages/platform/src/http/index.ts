export * from './internalContext';
export * from './errors';
export * from './subgraphServer';
export * from './viewer';
