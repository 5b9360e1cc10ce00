export * from './internalContext';
