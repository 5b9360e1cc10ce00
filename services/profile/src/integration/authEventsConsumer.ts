import { AuthEvents, Topics, type IntegrationEvent } from '@nocturne/contracts';
import { consumeIntegrationEvents, keyValueDeduper, type BusConsumer, type EventBus, type KeyValueStore, type Logger, type PersonalDataVault } from '@nocturne/platform';
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

  async function react(event: IntegrationEvent): Promise<void> {
    const source = { id: event.id, ...(event.metadata.correlationId && { correlationId: event.metadata.correlationId }) };
    switch (event.type) {
      case AuthEvents.UserRegistered.type:
        await application.onUserRegistered(source, AuthEvents.UserRegistered.schema.parse(event.data));
        break;
      case AuthEvents.AccountDetailsChanged.type:
        await application.onAccountDetailsChanged(source, AuthEvents.AccountDetailsChanged.schema.parse(event.data));
        break;
      case AuthEvents.UserDeleted.type:
        await application.onUserDeleted(source, AuthEvents.UserDeleted.schema.parse(event.data));
        break;
      default:
        return;
    }
  }

  return consumeIntegrationEvents({
    bus: deps.bus,
    groupId: PROFILE_CONSUMER_GROUP,
    topics: [Topics.auth],
    publishedPersonalData: deps.publishedPersonalData,
    deduper: keyValueDeduper(deps.kv, { namespace: 'profile-auth-events' }),
    handle: react,
    logger: deps.logger,
  });
}
