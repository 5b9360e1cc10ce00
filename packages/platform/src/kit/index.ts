export * from './commandHandler';
export * from './projection';
export * from './service';
export * from './sequence';
export * from './schemaFiles';
