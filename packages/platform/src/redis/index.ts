export * from './keyValue';
