import { AuthEvents } from './auth';
import type { IntegrationContract } from './envelope';
import { ProfileEvents } from './profile';
import { SwipeEvents } from './swipe';
import { ChatEvents } from './chat';

/** Every integration event of every context: the one list the platform's relay and consumers look types up in. */
export const IntegrationContracts: readonly IntegrationContract[] = [...Object.values(AuthEvents), ...Object.values(ProfileEvents), ...Object.values(SwipeEvents), ...Object.values(ChatEvents)];

const byTypeAndVersion = new Map(IntegrationContracts.map((contract) => [`${contract.type}@${contract.version}`, contract]));

/** The contract of an event type in one version, or undefined for a type no context publishes. */
export function findIntegrationContract(type: string, version: number): IntegrationContract | undefined {
  return byTypeAndVersion.get(`${type}@${version}`);
}
