import { AuthEvents, Topics, integrationEventSchema, type IntegrationEvent } from '@nocturne/contracts';
import { keyValueDeduper, type BusConsumer, type DeliveredMessage, type EventBus, type KeyValueStore, type Logger } from '@nocturne/platform';
import type { ProfileApplication } from '../profile/application';

export const PROFILE_CONSUMER_GROUP = 'profile';

/**
 * Reacts to the auth context: a profile for every registered user, the name for generated avatars,
 * erasure on deletion. Delivery is at least once: an event id already handled is skipped, and every
 * reaction is idempotent besides.
 */
export async function consumeAuthEvents(deps: { bus: EventBus; kv: KeyValueStore; application: ProfileApplication; logger: Logger }): Promise<BusConsumer> {
  const { bus, kv, application, logger } = deps;
  const deduper = keyValueDeduper(kv, { namespace: 'profile-auth-events' });

  async function handle(message: DeliveredMessage): Promise<void> {
    const envelope = integrationEventSchema.safeParse(message.event);
    if (!envelope.success) {
      logger.warn({ topic: message.topic, offset: message.offset }, 'skipping a message that is not an integration event');
      return;
    }
    const event = envelope.data;
    await deduper.once(event.id, () => react(event));
  }

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

  return bus.subscribe({ groupId: PROFILE_CONSUMER_GROUP, topics: [Topics.auth], fromBeginning: true, handler: handle });
}
