import { ProfileEvents, Topics } from '@nocturne/contracts';
import { consumeIntegrationEvents, keyValueDeduper, on, sourceOf, type BusConsumer, type EventBus, type KeyValueStore, type Logger, type PersonalDataVault } from '@nocturne/platform';
import type { AuthApplication } from '../account/application';

export const AUTH_CONSUMER_GROUP = 'auth';

/**
 * Follows the profile context: a profile edit owns its whole request, name and age included, and the
 * account takes those from its AccountDetailsEdited event. Delivery is at least once: the kit skips an
 * event id already handled, and following the same values again records nothing.
 */
export async function consumeProfileEvents(deps: {
  bus: EventBus;
  kv: KeyValueStore;
  publishedPersonalData: PersonalDataVault;
  application: AuthApplication;
  logger: Logger;
}): Promise<BusConsumer> {
  const { application } = deps;
  return consumeIntegrationEvents({
    bus: deps.bus,
    group: AUTH_CONSUMER_GROUP,
    topics: [Topics.profile],
    publishedPersonalData: deps.publishedPersonalData,
    deduper: keyValueDeduper(deps.kv, { namespace: 'auth-profile-events' }),
    handlers: [
      on(ProfileEvents.AccountDetailsEdited, (data, event) => application.followAccountDetailsEdit(sourceOf(event), data)),
    ],
    logger: deps.logger,
  });
}
