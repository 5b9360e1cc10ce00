export * from './envelope';
export * from './topics';
export * from './auth';
export * from './validation';
export * from './profile';
export * from './swipe';
export * from './registry';
