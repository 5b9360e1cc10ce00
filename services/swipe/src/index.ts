export { swipeService, createSwipeService, swipeTypeDefs } from './service';
export { swipeEnvironmentSchema, type SwipeEnvironment } from './environment';
