import { ProfileEvents, SwipeEvents, Topics } from '@nocturne/contracts';
import { sourceOf, type ServiceConsumer } from '@nocturne/platform/kit';
import { on } from '@nocturne/platform/relay';
import type { AuthApplication } from '../account/application';

export const AUTH_CONSUMER_GROUP = 'auth';

/**
 * Follows the profile context: a profile edit owns its whole request, name and age included, and the
 * account takes those from its AccountDetailsEdited event. Follows blocks in the swipe context, so that
 * neither of two people resolves the other's account. Delivery is at least once: the kit skips an event
 * id already handled, and following the same values or the same block again records nothing.
 */
export function otherContextsConsumer(application: AuthApplication): ServiceConsumer {
  return {
    group: AUTH_CONSUMER_GROUP,
    topics: [Topics.profile, Topics.swipe],
    // The namespace of the events handled so far, kept from when the profile was the only source.
    dedupeNamespace: 'auth-profile-events',
    handlers: [
      on(ProfileEvents.AccountDetailsEdited, (data, event) => application.followAccountDetailsEdit(sourceOf(event), data)),
      on(SwipeEvents.PersonBlocked, (data, event) => application.followBlock(sourceOf(event), data)),
    ],
  };
}
