// The REST facade's answers (`/api/*`), one schema each: the routes answer them and document them in the
// OpenAPI document, the client infers its types from them, and a test holds each route's GraphQL
// selection to its schema (stack/src/restSelections.unit.test.ts).
export * from './user';
export * from './acknowledgements';
export * from './swipe';
export * from './chat';
export * from './photos';
export * from './verification';
export * from './support';
