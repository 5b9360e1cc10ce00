import type { ServiceRestTable } from '@nocturne/platform/rest';
import { swipeRoutes } from './routes';

/**
 * The swipe service's part of the REST facade (its calls), its light entry
 * `@nocturne/swipe/rest`: it loads zod, the contracts and the platform's REST kit only, so the gateway's
 * process serves it without loading the service.
 */
export const swipeRestTable: ServiceRestTable = { name: 'swipe', restRoutes: swipeRoutes };

export { swipeRoutes };
