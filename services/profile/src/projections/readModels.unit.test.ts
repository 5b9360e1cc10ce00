import { InProcessReadModelStore } from '@nocturne/platform/inprocess';
import type { StoredEvent } from '@nocturne/platform/ports';
import type { ProfileEvent } from '../profile/profile';
import { createProfileProjector, profileCollections } from './readModels';

const now = '2026-01-01T23:00:00.000Z';
const photoId = 'b'.repeat(32);
const asStored = (events: ProfileEvent[], userId = 5): StoredEvent[] =>
  events.map((event, index) => ({ id: `e${index + 1}`, ...event, occurredAt: now, metadata: {}, schemaVersion: 1, streamId: `profile-${userId}`, streamVersion: index + 1, globalPosition: index + 1 }));

const history: ProfileEvent[] = [
  { type: 'ProfileCreated', data: { userId: 5, name: 'Nyx', createdAt: now } },
  { type: 'PhotoAdded', data: { userId: 5, photoId, photoIds: [photoId], addedAt: now } },
  { type: 'OnboardingCompleted', data: { userId: 5, gender: 'Female', bio: 'Hi', photoIds: [photoId], kinks: ['Brat'], interests: ['Art'], completedAt: now } },
  { type: 'LocationUpdated', data: { userId: 5, latitude: 40.7, longitude: -74, location: null, updatedAt: now } },
];

describe('profile projection', () => {
  it('folds the events into a row and a photo row', async () => {
    const collections = profileCollections(new InProcessReadModelStore());
    const project = createProfileProjector(collections);
    for (const event of asStored(history)) await project(event);
    expect(await collections.profiles.get('5')).toMatchObject({ userId: 5, name: 'Nyx', gender: 'Female', photoIds: [photoId], onboardingCompleted: true, location: { latitude: 40.7, longitude: -74 }, version: 4 });
    expect(await collections.photos.get(photoId)).toMatchObject({ userId: 5 });
  });

  it('changes nothing when events are delivered again', async () => {
    const collections = profileCollections(new InProcessReadModelStore());
    const project = createProfileProjector(collections);
    const events = asStored(history);
    for (const event of events) await project(event);
    const row = await collections.profiles.get('5');
    for (const event of events) await project(event);
    expect(await collections.profiles.get('5')).toEqual(row);
  });

  it('ends a replay exactly where the first run ended: no event delivered again changes anything, the erasure included', async () => {
    const store = new InProcessReadModelStore();
    const collections = profileCollections(store);
    const project = createProfileProjector(collections);
    const events = asStored([...history, { type: 'ProfileErased', data: { userId: 5, photoIds: [photoId], erasedAt: now } }]);
    for (const event of events) await project(event);
    const snapshot = async () => ({ profiles: await store.collection('profiles').find({}), photos: await store.collection('profile_photos').find({}) });
    const afterFirstRun = await snapshot();
    // Each event again on its own (a redelivery, a lost checkpoint), then the whole history once more.
    for (const event of events) {
      await project(event);
      expect(await snapshot()).toEqual(afterFirstRun);
    }
    for (const event of events) await project(event);
    expect(await snapshot()).toEqual(afterFirstRun);
  });

  it('removes every row of an erased profile, and a replay ends the same way', async () => {
    const collections = profileCollections(new InProcessReadModelStore());
    const project = createProfileProjector(collections);
    const events = asStored([...history, { type: 'ProfileErased', data: { userId: 5, photoIds: [photoId], erasedAt: now } }]);
    for (const event of events) await project(event);
    expect(await collections.profiles.get('5')).toBeNull();
    expect(await collections.photos.count({ userId: 5 })).toBe(0);
    for (const event of events) await project(event);
    expect(await collections.profiles.get('5')).toBeNull();
    expect(await collections.photos.count({ userId: 5 })).toBe(0);
  });
});
