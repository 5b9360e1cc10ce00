export { swipeService, swipeTypeDefs } from './service';
export { defaultSwipeConfig, type SwipeConfig } from './config';
export { swipeEnvironmentSchema, toSwipeConfig, type SwipeEnvironment } from './environment';
export { boundingBox, DISTANCE_BANDS_KM, type CoordinateBox } from './deck/deck';
export type { CandidateRow } from './projections/readModels';
