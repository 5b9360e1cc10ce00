import { AuthEvents, SwipeEvents, Topics } from '@nocturne/contracts';
import { sourceOf, type ConsumerReadYourWrites } from '@nocturne/platform/kit';
import type { Logger } from '@nocturne/platform/logging';
import type { BusConsumer, EventBus, KeyValueStore } from '@nocturne/platform/ports';
import type { PersonalDataVault } from '@nocturne/platform/privacy';
import { consumeIntegrationEvents, keyValueDeduper, on } from '@nocturne/platform/relay';
import type { ProfileApplication } from '../profile/application';

export const PROFILE_CONSUMER_GROUP = 'profile';

/**
 * Reacts to the auth context (a profile for every registered user, the name for generated avatars,
 * erasure on deletion) and to blocks in the swipe context (two people hidden from each other). Delivery is at least once: the kit skips an event id already handled, and every
 * reaction is idempotent besides.
 */
export async function consumeAuthEvents(deps: {
  bus: EventBus;
  kv: KeyValueStore;
  publishedPersonalData: PersonalDataVault;
  application: ProfileApplication;
  logger: Logger;
  readYourWrites?: ConsumerReadYourWrites;
}): Promise<BusConsumer> {
  const { application } = deps;
  return consumeIntegrationEvents({
    bus: deps.bus,
    group: PROFILE_CONSUMER_GROUP,
    topics: [Topics.auth, Topics.swipe],
    publishedPersonalData: deps.publishedPersonalData,
    deduper: keyValueDeduper(deps.kv, { namespace: 'profile-auth-events' }),
    handlers: [
      on(AuthEvents.UserRegistered, (data, event) => application.onUserRegistered(sourceOf(event), data)),
      on(AuthEvents.AccountDetailsChanged, (data, event) => application.onAccountDetailsChanged(sourceOf(event), data)),
      on(AuthEvents.UserDeleted, (data, event) => application.onUserDeleted(sourceOf(event), data)),
      on(SwipeEvents.PersonBlocked, (data) => application.onPersonBlocked(data)),
    ],
    logger: deps.logger,
    readYourWrites: deps.readYourWrites,
  });
}
