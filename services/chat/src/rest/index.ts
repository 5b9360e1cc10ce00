import type { ServiceRestTable } from '@nocturne/platform/rest';
import { chatRoutes } from './routes';

/**
 * The chat service's part of the REST facade (its calls), its light entry
 * `@nocturne/chat/rest`: it loads zod, the contracts and the platform's REST kit only, so the gateway's
 * process serves it without loading the service.
 */
export const chatRestTable: ServiceRestTable = { name: 'chat', restRoutes: chatRoutes };

export { chatRoutes };
