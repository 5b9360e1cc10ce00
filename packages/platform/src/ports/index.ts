export * from './eventStore';
export * from './eventBus';
export * from './keyValue';
export * from './readModel';
export * from './blobStore';
export * from './dependencyFailure';
export * from './checkpoints';
