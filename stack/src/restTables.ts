import { authRestTable } from '@nocturne/auth/rest';
import { chatRestTable } from '@nocturne/chat/rest';
import { profileRestTable } from '@nocturne/profile/rest';
import { swipeRestTable } from '@nocturne/swipe/rest';
import type { ProxiedPrefix, RestRoute, ServiceRestTable } from '@nocturne/platform/rest';

/**
 * Every service's part of the REST facade, in registry order, from the services' light entries
 * (`@nocturne/<service>/rest`): what the gateway's own process serves, without loading a service's domain,
 * adapters or libraries. Each is the table its definition in `services.ts` carries (a test checks it).
 */
export const restTables: readonly ServiceRestTable[] = [authRestTable, profileRestTable, swipeRestTable, chatRestTable];

/** The REST calls of these services, in order: what the gateway serves under `/api`. */
export const restRoutesOf = (tables: readonly ServiceRestTable[]): RestRoute[] => tables.flatMap((table) => table.restRoutes ?? []);

/** Their media routes, named for the subgraph the gateway forwards them to. */
export const proxiedPrefixesOf = (tables: readonly ServiceRestTable[]): ProxiedPrefix[] =>
  tables.flatMap((table) => (table.proxiedPrefixes ?? []).map((prefix) => ({ ...prefix, subgraph: table.name })));
