export { createGateway, type Gateway, type GatewayOptions, type RunningGateway } from './gateway';
export { subgraphsOf, subscriptionOwners, type SubgraphEntry } from './supergraph';
export { SUPERGRAPH_FILE, DEFAULT_FRONTEND_DIST } from './paths';
export { isSwipeWindowAlwaysOpen, parseTrustProxy, subgraphUrlVariable } from './environment';
export { SESSION_COOKIE } from './sessionCookie';
export { restRoutes } from './rest/restRouter';
