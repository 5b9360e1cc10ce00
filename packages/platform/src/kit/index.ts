export * from './commandHandler';
export * from './projection';
export * from './service';
export * from './sequence';
export * from './schemaFiles';
export * from './liveChannels';
export * from './actor';
export * from './stopRequest';
