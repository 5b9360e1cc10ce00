import { authService } from '@nocturne/auth';
import { profileService } from '@nocturne/profile';
import { swipeService } from '@nocturne/swipe';
import { chatService } from '@nocturne/chat';
import { portVariableOf, type ServiceDefinition } from '@nocturne/platform/kit';
import type { ProxiedPrefix, RestRoute } from '@nocturne/platform/rest';

/**
 * Every service, in composition order: the one list the embedded stack, the launcher, the supergraph
 * composition (and its freshness test) and the compose check loop over. Adding a service is its folder
 * (docs/adding-a-service.md), one line here, and its docker-compose entry.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each service has its own settings type
export const services: ReadonlyArray<ServiceDefinition<any>> = [authService, profileService, swipeService, chatService];

/** The REST facade's calls of every service, in registry order: what the gateway serves under `/api`. */
export const serviceRestRoutes = (): RestRoute[] => services.flatMap((service) => service.restRoutes ?? []);

/** The media routes of every service, named for the subgraph the gateway forwards them to. */
export const serviceProxiedPrefixes = (): ProxiedPrefix[] => services.flatMap((service) => (service.proxiedPrefixes ?? []).map((prefix) => ({ ...prefix, subgraph: service.name })));

/** The routing URL recorded in the supergraph; the gateway's `<NAME>_URL` overrides it. */
export const defaultSubgraphUrl = (service: Pick<ServiceDefinition, 'defaultPort'>) => `http://127.0.0.1:${service.defaultPort}/graphql`;

/** Where the launcher finds a service's process entry: its workspace's `dist/main.js`. */
export const packageNameOf = (service: Pick<ServiceDefinition, 'name'>) => `@nocturne/${service.name}`;

/** `SWIPE_METRICS_PORT` for `swipe`: the launcher hands it to that process as its METRICS_PORT. */
export const metricsPortVariableOf = (name: string) => `${name.toUpperCase()}_METRICS_PORT`;

export { portVariableOf };
