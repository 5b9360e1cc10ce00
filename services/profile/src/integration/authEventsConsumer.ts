import { AuthEvents, Topics, type IntegrationEvent } from '@nocturne/contracts';
import { consumeIntegrationEvents, keyValueDeduper, on, type BusConsumer, type EventBus, type KeyValueStore, type Logger, type PersonalDataVault } from '@nocturne/platform';
import type { ProfileApplication } from '../profile/application';

export const PROFILE_CONSUMER_GROUP = 'profile';

/**
 * Reacts to the auth context: a profile for every registered user, the name for generated avatars,
 * erasure on deletion. Delivery is at least once: the kit skips an event id already handled, and every
 * reaction is idempotent besides.
 */
export async function consumeAuthEvents(deps: {
  bus: EventBus;
  kv: KeyValueStore;
  publishedPersonalData: PersonalDataVault;
  application: ProfileApplication;
  logger: Logger;
}): Promise<BusConsumer> {
  const { application } = deps;
  const source = (event: IntegrationEvent) => ({ id: event.id, ...(event.metadata.correlationId && { correlationId: event.metadata.correlationId }) });
  return consumeIntegrationEvents({
    bus: deps.bus,
    group: PROFILE_CONSUMER_GROUP,
    topics: [Topics.auth],
    publishedPersonalData: deps.publishedPersonalData,
    deduper: keyValueDeduper(deps.kv, { namespace: 'profile-auth-events' }),
    handlers: [
      on(AuthEvents.UserRegistered, (data, event) => application.onUserRegistered(source(event), data)),
      on(AuthEvents.AccountDetailsChanged, (data, event) => application.onAccountDetailsChanged(source(event), data)),
      on(AuthEvents.UserDeleted, (data, event) => application.onUserDeleted(source(event), data)),
    ],
    logger: deps.logger,
  });
}
