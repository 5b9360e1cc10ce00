import type { ServiceRestTable } from '@nocturne/platform/rest';
import { profileProxiedPrefixes } from './proxiedPrefixes';
import { profileRoutes } from './routes';

/**
 * The profile service's part of the REST facade (its calls and the media it serves), its light entry
 * `@nocturne/profile/rest`: it loads zod, the contracts and the platform's REST kit only, so the gateway's
 * process serves it without loading the service.
 */
export const profileRestTable: ServiceRestTable = { name: 'profile', restRoutes: profileRoutes, proxiedPrefixes: profileProxiedPrefixes };

export { profileRoutes, profileProxiedPrefixes };
