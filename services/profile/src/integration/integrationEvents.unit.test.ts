import { LocationUpdatedV1, ProfileEvents } from '@nocturne/contracts';
import type { StoredEvent } from '@nocturne/platform/ports';
import { createPublicUrls } from '../photos/publicUrls';
import { toIntegrationEvent } from './integrationEvents';

/** Photo URLs relative to the site, as the gateway serves them (PROFILE_MEDIA_URL unset). */
const toProfileIntegrationEvent = (event: StoredEvent) => toIntegrationEvent(event, createPublicUrls(''));

let position = 0;
const stored = (type: string, data: Record<string, unknown>, streamId = 'profile-9'): StoredEvent => ({
  id: `e${++position}`,
  type,
  data,
  occurredAt: '2026-01-01T22:00:00.000Z',
  metadata: {},
  schemaVersion: 1,
  streamId,
  streamVersion: position,
  globalPosition: position,
});
const photoId = 'a'.repeat(32);

describe('integration events of the profile context', () => {
  it('publishes a location as its ~1 km grid cell, never the exact coordinates', () => {
    const out = toProfileIntegrationEvent(stored('LocationUpdated', { userId: 9, latitude: 48.858370, longitude: 2.294481, location: '48.858370, 2.294481', updatedAt: 'now' }));
    expect(out).not.toBeNull();
    expect(out!.type).toBe(ProfileEvents.LocationUpdated.type);
    expect(out!.aggregateId).toBe('9');
    const data = LocationUpdatedV1.parse(out!.data);
    expect(JSON.stringify(out)).not.toMatch(/48\.85837|2\.294481/);
    expect(Math.abs(data.latitude - 48.85837)).toBeLessThan(0.0091);
    expect(Object.keys(data).sort()).toEqual(['cell', 'latitude', 'longitude', 'updatedAt', 'userId']);
  });

  it.each(['Rooftop above Kreuzberg, Oranienstr. 12', "52°31'N 13°24'E", '52.52 N, 13.40 E', 'Berlin'])('never publishes the place text the person typed (%s)', (place) => {
    const out = toProfileIntegrationEvent(stored('LocationUpdated', { userId: 9, latitude: 52.52, longitude: 13.4, location: place, updatedAt: 'now' }));
    expect(out).not.toBeNull();
    expect(JSON.stringify(out)).not.toContain(place);
    expect(LocationUpdatedV1.strict().parse(out!.data)).toMatchObject({ userId: 9 });
  });

  it('publishes the whole public profile with photo URLs on edits', () => {
    const out = toProfileIntegrationEvent(
      stored('ProfileUpdated', { userId: 9, gender: 'Female', bio: null, photoIds: [photoId], kinks: ['Brat'], interests: ['Art'], updatedAt: 'now' }),
    );
    expect(out).toEqual({
      type: 'ProfileUpdated',
      version: 1,
      aggregateId: '9',
      data: {
        userId: 9,
        gender: 'Female',
        bio: null,
        photos: [{ id: photoId, url: `/api/photos/${photoId}/display`, thumbnailUrl: `/api/photos/${photoId}/thumb` }],
        kinks: ['Brat'],
        interests: ['Art'],
        updatedAt: 'now',
      },
    });
  });

  it('publishes nothing of the blurred copies an earlier version stored', () => {
    const blurredId = 'b'.repeat(32);
    const added = toProfileIntegrationEvent(stored('PhotoAdded', { userId: 9, photoId, photoIds: [photoId], blurredId, coverBlurredId: blurredId, addedAt: 'now' }));
    expect(added).toMatchObject({ type: 'ProfilePhotosChanged', data: { userId: 9, photos: [{ id: photoId }] } });
    const onboarded = toProfileIntegrationEvent(stored('OnboardingCompleted', { userId: 9, gender: 'Male', bio: null, photoIds: [photoId], kinks: [], interests: [], coverBlurredId: blurredId, completedAt: 'now' }));
    for (const out of [added, onboarded]) expect(JSON.stringify(out)).not.toMatch(new RegExp(`blurred|${blurredId}`, 'i'));
    expect(toProfileIntegrationEvent(stored('BlurredCopyMade', { userId: 9, photoId, blurredId, photoIds: [photoId], coverBlurredId: blurredId, madeAt: 'now' }))).toBeNull();
  });

  it('publishes photo changes as the resulting list', () => {
    const out = toProfileIntegrationEvent(stored('PhotoRemoved', { userId: 9, photoId, photoIds: [], removedAt: 'now' }));
    expect(out).toMatchObject({ type: 'ProfilePhotosChanged', data: { userId: 9, photos: [] } });
  });

  it('keeps notification preferences and account names private', () => {
    expect(toProfileIntegrationEvent(stored('NotificationPreferencesChanged', { userId: 9, matches: true, messages: true, likes: true, marketing: true, changedAt: 'now' }))).toBeNull();
    expect(toProfileIntegrationEvent(stored('AccountNameChanged', { userId: 9, name: 'Luna' }))).toBeNull();
  });

  it('publishes erasure and time zones', () => {
    expect(toProfileIntegrationEvent(stored('ProfileErased', { userId: 9, photoIds: [photoId], erasedAt: 'now' }))).toMatchObject({ type: 'ProfileErased', data: { userId: 9, erasedAt: 'now' } });
    expect(toProfileIntegrationEvent(stored('TimeZoneSet', { userId: 9, timeZone: 'Asia/Tokyo', setAt: 'now' }))).toMatchObject({ type: 'TimeZoneSet', data: { userId: 9, timeZone: 'Asia/Tokyo' } });
  });

  it('publishes nothing for an event whose personal data was erased before it went out, but the erasure', () => {
    const erased = (type: string, data: Record<string, unknown>) => ({ ...stored(type, data), metadata: { personalDataErased: true as const } });
    expect(toProfileIntegrationEvent(erased('LocationUpdated', { userId: 9, latitude: null, longitude: null, location: null, updatedAt: 'now' }))).toBeNull();
    expect(toProfileIntegrationEvent(erased('ProfileUpdated', { userId: 9, gender: null, bio: null, photoIds: null, kinks: null, interests: null, updatedAt: 'now' }))).toBeNull();
    expect(toProfileIntegrationEvent(erased('ProfileErased', { userId: 9, photoIds: null, erasedAt: 'now' }))).toMatchObject({ type: 'ProfileErased', data: { userId: 9, erasedAt: 'now' } });
  });

  it('ignores streams that are not profiles', () => {
    expect(toProfileIntegrationEvent(stored('ProfileErased', { userId: 9, photoIds: [], erasedAt: 'now' }, 'other-9'))).toBeNull();
  });
});
