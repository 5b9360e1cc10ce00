export * from './eventStore';
export * from './readModel';
export * from './blobStore';
export * from './checkpoints';
