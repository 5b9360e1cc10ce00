export { createGateway, type Gateway, type GatewayOptions, type RunningGateway } from './gateway';
export { subgraphsOf, subscriptionOwners, type SubgraphEntry } from './supergraph';
export { SUPERGRAPH_FILE, DEFAULT_FRONTEND_DIST } from './paths';
export { isSwipeWindowAlwaysOpen, loadGatewayEnvironment, loadSubgraphUrls, parseTrustProxy, subgraphUrlVariable, trustProxySchema, type GatewayEnvironment } from './environment';
export { SESSION_COOKIE } from './sessionCookie';
export { createRestRouter, restRoutes } from './rest/restRouter';
export { IdempotencyKeys, IDEMPOTENCY_HEADER } from './rest/idempotency';
export { openApiPath } from './rest/openApi';
export type { GatewayContext } from './requestContext';
