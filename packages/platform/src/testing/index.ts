export * from './eventually';
export * from './eventStoreContract';
export * from './eventBusContract';
export * from './keyValueContract';
export * from './readModelContract';
export * from './blobStoreContract';
export * from './personalDataStorage';
export * from './realInfrastructure';
