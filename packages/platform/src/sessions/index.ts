export * from './sessionStore';
export * from './deviceId';
