export * from './commandHandler';
export * from './projection';
export * from './integrationConsumer';
export * from './service';
export * from './sequence';
export * from './schemaFiles';
