export * from './eventBus';
