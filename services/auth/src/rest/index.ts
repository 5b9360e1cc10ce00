import type { ServiceRestTable } from '@nocturne/platform/rest';
import { authRoutes } from './routes';

/**
 * The auth service's part of the REST facade (its calls), its light entry
 * `@nocturne/auth/rest`: it loads zod, the contracts and the platform's REST kit only, so the gateway's
 * process serves it without loading the service.
 */
export const authRestTable: ServiceRestTable = { name: 'auth', restRoutes: authRoutes };

export { authRoutes };
