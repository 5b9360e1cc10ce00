import { AuthEvents, ProfileEvents, Topics, type IntegrationEvent } from '@nocturne/contracts';
import { consumeIntegrationEvents, keyValueDeduper, on, type BusConsumer, type EventBus, type KeyValueStore, type Logger, type PersonalDataVault } from '@nocturne/platform';
import type { CandidateApplication } from '../candidate/application';

export const SWIPE_CONSUMER_GROUP = 'swipe';

const photoIds = (photos: ReadonlyArray<{ id: string }>) => photos.map((photo) => photo.id);

/** What auth and profile publish about people, turned into commands on this service's candidates. */
export function consumePeopleEvents(deps: { bus: EventBus; kv: KeyValueStore; publishedPersonalData: PersonalDataVault; candidates: CandidateApplication; logger: Logger }): Promise<BusConsumer> {
  const { candidates } = deps;
  const source = (event: IntegrationEvent) => ({ eventId: event.id, ...(event.metadata.correlationId && { correlationId: event.metadata.correlationId }) });
  return consumeIntegrationEvents({
    bus: deps.bus,
    group: SWIPE_CONSUMER_GROUP,
    topics: [Topics.auth, Topics.profile],
    publishedPersonalData: deps.publishedPersonalData,
    deduper: keyValueDeduper(deps.kv, { namespace: 'swipe-people' }),
    logger: deps.logger,
    handlers: [
      on(AuthEvents.UserRegistered, (data, event) => candidates.record({ type: 'RecordRegistration', userId: data.userId, age: data.age, registeredAt: data.registeredAt }, source(event))),
      on(AuthEvents.AccountDetailsChanged, (data, event) => candidates.record({ type: 'RecordAge', userId: data.userId, age: data.age }, source(event))),
      on(AuthEvents.UserDeleted, (data, event) => candidates.record({ type: 'Erase', userId: data.userId, erasedAt: data.deletedAt }, source(event))),
      on(ProfileEvents.OnboardingCompleted, (data, event) =>
        candidates.record(
          { type: 'RecordProfile', userId: data.userId, profile: { gender: data.gender, kinks: data.kinks, interests: data.interests, photoIds: photoIds(data.photos) }, onboarded: true, changedAt: data.completedAt },
          source(event),
        ),
      ),
      on(ProfileEvents.ProfileUpdated, (data, event) =>
        candidates.record(
          { type: 'RecordProfile', userId: data.userId, profile: { gender: data.gender, kinks: data.kinks, interests: data.interests, photoIds: photoIds(data.photos) }, onboarded: false, changedAt: data.updatedAt },
          source(event),
        ),
      ),
      on(ProfileEvents.ProfilePhotosChanged, (data, event) => candidates.record({ type: 'RecordPhotos', userId: data.userId, photoIds: photoIds(data.photos), changedAt: data.changedAt }, source(event))),
      on(ProfileEvents.LocationUpdated, (data, event) =>
        candidates.record({ type: 'RecordLocation', userId: data.userId, location: { cell: data.cell, latitude: data.latitude, longitude: data.longitude, city: null }, movedAt: data.updatedAt }, source(event)),
      ),
      on(ProfileEvents.TimeZoneSet, (data, event) => candidates.record({ type: 'RecordTimeZone', userId: data.userId, timeZone: data.timeZone }, source(event))),
      on(ProfileEvents.ProfileErased, (data, event) => candidates.record({ type: 'Erase', userId: data.userId, erasedAt: data.erasedAt }, source(event))),
    ],
  });
}
