export * from './sessionStore';
