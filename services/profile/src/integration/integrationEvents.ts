import { ProfileEvents, ProfileLimits, snapToGrid, type PublicPhotoV1 } from '@nocturne/contracts';
import type { StoredEvent } from '@nocturne/platform/ports';
import { hasErasedPersonalData } from '@nocturne/platform/privacy';
import type { IntegrationEventDraft } from '@nocturne/platform/relay';

import { userIdOfStream, type ProfileEvent, type PublicDetails } from '../profile/profile';

export interface PhotoUrls {
  photo(photoId: string): PublicPhotoV1;
}

/** Keyed by the user id. */
export type ProfileIntegrationEvent = IntegrationEventDraft;

/**
 * What the profile context tells others about a stored event, or null for events that stay private.
 * The exact position never leaves: LocationUpdated goes out as its ~1 km grid cell, without the place text.
 * Personal fields (the contracts' `personal`) are sealed by the outbox relay, not here. Events whose personal
 * fields are erased (published after the person was) stay in, but for the erasure itself, which needs none.
 */
export function toIntegrationEvent(stored: StoredEvent, urls: PhotoUrls): ProfileIntegrationEvent | null {
  const userId = userIdOfStream(stored.streamId);
  if (userId === null) return null;
  const event = stored as StoredEvent & ProfileEvent;
  if (hasErasedPersonalData(stored) && event.type !== 'ProfileErased') return null;
  const publicDetails = (details: PublicDetails) => ({
    userId,
    gender: details.gender,
    bio: details.bio,
    photos: details.photoIds.map((id) => urls.photo(id)),
    kinks: details.kinks,
    interests: details.interests,
  });
  const out = <K extends keyof typeof ProfileEvents>(key: K, data: unknown): ProfileIntegrationEvent => {
    const contract = ProfileEvents[key];
    return { type: contract.type, version: contract.version, aggregateId: String(userId), data: contract.schema.parse(data) };
  };
  switch (event.type) {
    case 'ProfileCreated':
      return out('ProfileCreated', { userId, nightOwlScore: ProfileLimits.nightOwlScoreDefault, isVerified: false, createdAt: event.data.createdAt });
    case 'OnboardingCompleted':
      return out('OnboardingCompleted', { ...publicDetails(event.data), completedAt: event.data.completedAt });
    case 'ProfileUpdated':
      return out('ProfileUpdated', { ...publicDetails(event.data), updatedAt: event.data.updatedAt });
    case 'PhotoAdded':
      return out('ProfilePhotosChanged', { userId, photos: event.data.photoIds.map((id) => urls.photo(id)), changedAt: event.data.addedAt });
    case 'PhotoRemoved':
      return out('ProfilePhotosChanged', { userId, photos: event.data.photoIds.map((id) => urls.photo(id)), changedAt: event.data.removedAt });
    case 'PhotosArranged':
      return out('ProfilePhotosChanged', { userId, photos: event.data.photoIds.map((id) => urls.photo(id)), changedAt: event.data.arrangedAt });
    case 'LocationUpdated': {
      // The place text the person typed stays here: it can be an address, or coordinates in any notation.
      const { cell, latitude, longitude } = snapToGrid(event.data.latitude, event.data.longitude);
      return out('LocationUpdated', { userId, cell, latitude, longitude, updatedAt: event.data.updatedAt });
    }
    case 'KinkVisibilityChanged':
      return out('KinkVisibilityChanged', { userId, audience: event.data.audience, perKink: event.data.perKink, changedAt: event.data.changedAt });
    case 'PublicCityChanged':
      return out('PublicCityChanged', { userId, city: event.data.city, changedAt: event.data.changedAt });
    case 'TimeZoneSet':
      return out('TimeZoneSet', { userId, timeZone: event.data.timeZone });
    case 'ProfileErased':
      return out('ProfileErased', { userId, erasedAt: event.data.erasedAt });
    case 'AccountDetailsEdited':
      return out('AccountDetailsEdited', { userId, name: event.data.name, age: event.data.age, editedAt: event.data.editedAt });
    // BlurredCopyMade: an earlier version's blurred copy of a photo; the photos did not change.
    // Verification and voice intros stay here: others read User.isVerified and User.voiceIntro through the graph.
    case 'AccountNameChanged':
    case 'NotificationPreferencesChanged':
    case 'BlurredCopyMade':
    case 'VerificationRequested':
    case 'VerificationSelfieSubmitted':
    case 'VerificationApproved':
    case 'VerificationRefused':
    case 'VerificationLapsed':
    case 'VoiceIntroRecorded':
    case 'VoiceIntroRemoved':
      return null;
  }
}
