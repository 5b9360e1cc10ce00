import { AuthEvents, ChatEvents, ProfileEvents, Topics } from '@nocturne/contracts';
import { sourceOf, type ServiceConsumer } from '@nocturne/platform/kit';
import { on } from '@nocturne/platform/relay';
import type { CandidateApplication } from '../candidate/application';
import type { PairApplication } from '../pair/application';

export const SWIPE_CONSUMER_GROUP = 'swipe';

const photoIds = (photos: ReadonlyArray<{ id: string }>) => photos.map((photo) => photo.id);

/** What auth and profile publish about people, turned into commands on this service's candidates. */
export function otherContextsConsumer(candidates: CandidateApplication): ServiceConsumer {
  return {
    group: SWIPE_CONSUMER_GROUP,
    topics: [Topics.auth, Topics.profile],
    dedupeNamespace: 'swipe-people',
    handlers: [
      on(AuthEvents.UserRegistered, (data, event) => candidates.record({ type: 'RecordRegistration', userId: data.userId, age: data.age, registeredAt: data.registeredAt }, sourceOf(event))),
      on(AuthEvents.AccountDetailsChanged, (data, event) => candidates.record({ type: 'RecordAge', userId: data.userId, age: data.age }, sourceOf(event))),
      on(AuthEvents.UserDeleted, (data, event) => candidates.record({ type: 'Erase', userId: data.userId, erasedAt: data.deletedAt }, sourceOf(event))),
      on(ProfileEvents.OnboardingCompleted, (data, event) =>
        candidates.record(
          { type: 'RecordProfile', userId: data.userId, profile: { gender: data.gender, kinks: data.kinks, interests: data.interests, photoIds: photoIds(data.photos) }, onboarded: true, changedAt: data.completedAt },
          sourceOf(event),
        ),
      ),
      on(ProfileEvents.ProfileUpdated, (data, event) =>
        candidates.record(
          { type: 'RecordProfile', userId: data.userId, profile: { gender: data.gender, kinks: data.kinks, interests: data.interests, photoIds: photoIds(data.photos) }, onboarded: false, changedAt: data.updatedAt },
          sourceOf(event),
        ),
      ),
      on(ProfileEvents.ProfilePhotosChanged, (data, event) => candidates.record({ type: 'RecordPhotos', userId: data.userId, photoIds: photoIds(data.photos), changedAt: data.changedAt }, sourceOf(event))),
      on(ProfileEvents.LocationUpdated, (data, event) =>
        candidates.record({ type: 'RecordLocation', userId: data.userId, location: { cell: data.cell, latitude: data.latitude, longitude: data.longitude }, movedAt: data.updatedAt }, sourceOf(event)),
      ),
      on(ProfileEvents.PublicCityChanged, (data, event) => candidates.record({ type: 'RecordCity', userId: data.userId, city: data.city }, sourceOf(event))),
      on(ProfileEvents.KinkVisibilityChanged, (data, event) =>
        candidates.record({ type: 'RecordKinkVisibility', userId: data.userId, visibility: { audience: data.audience, perKink: data.perKink } }, sourceOf(event)),
      ),
      on(ProfileEvents.TimeZoneSet, (data, event) => candidates.recordTimeZone({ userId: data.userId, timeZone: data.timeZone, requestedAt: event.occurredAt }, sourceOf(event))),
      on(ProfileEvents.ProfileErased, (data, event) => candidates.record({ type: 'Erase', userId: data.userId, erasedAt: data.erasedAt }, sourceOf(event))),
    ],
  };
}

/** What the chat context decides about a match: a match nobody wrote in fades at its dawn. */
export function chatContextConsumer(pairs: PairApplication): ServiceConsumer {
  return {
    group: `${SWIPE_CONSUMER_GROUP}-chat`,
    topics: [Topics.chat],
    dedupeNamespace: 'swipe-chat',
    handlers: [on(ChatEvents.MatchFaded, (data, event) => pairs.fade({ matchId: data.matchId, userIds: data.userIds, fadedAt: data.fadedAt }, sourceOf(event)))],
  };
}
