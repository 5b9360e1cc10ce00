import { AuthEvents, SwipeEvents, Topics } from '@nocturne/contracts';
import { sourceOf, type ServiceConsumer } from '@nocturne/platform/kit';
import { on } from '@nocturne/platform/relay';
import type { ProfileApplication } from '../profile/application';

export const PROFILE_CONSUMER_GROUP = 'profile';

/**
 * Reacts to the auth context (a profile for every registered user, the name for generated avatars,
 * erasure on deletion) and to blocks in the swipe context (two people hidden from each other). Delivery
 * is at least once: the kit skips an event id already handled, and every reaction is idempotent besides.
 */
export function otherContextsConsumer(application: ProfileApplication): ServiceConsumer {
  return {
    group: PROFILE_CONSUMER_GROUP,
    topics: [Topics.auth, Topics.swipe],
    // The namespace of the events handled so far, kept from when auth was the only source.
    dedupeNamespace: 'profile-auth-events',
    handlers: [
      on(AuthEvents.UserRegistered, (data, event) => application.onUserRegistered(sourceOf(event), data)),
      on(AuthEvents.AccountDetailsChanged, (data, event) => application.onAccountDetailsChanged(sourceOf(event), data)),
      on(AuthEvents.UserDeleted, (data, event) => application.onUserDeleted(sourceOf(event), data)),
      on(SwipeEvents.PersonBlocked, (data) => application.onPersonBlocked(data)),
    ],
  };
}
