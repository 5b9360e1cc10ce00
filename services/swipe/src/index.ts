export { swipeService, createSwipeService, swipeTypeDefs } from './service';
export { swipeEnvironmentSchema, type SwipeEnvironment } from './environment';
export { boundingBox, DISTANCE_BANDS_KM, type CoordinateBox } from './deck/deck';
export type { CandidateRow } from './projections/readModels';
