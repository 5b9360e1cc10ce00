import type { ReadModelCollection, ReadModelDocument, ReadModelStore, StoredEvent } from '@nocturne/platform';
import { evolve, initialProfile, profileEventTypes, userIdOfStream, type Profile, type ProfileEvent } from '../profile/profile';
import { toProfileEvent } from '../profile/commandHandler';

/** One row per profile: the aggregate's state plus the last global position folded into it. */
export interface ProfileRow extends ReadModelDocument, Omit<Profile, 'status'> {
  position: number;
}
/** Which profile a photo belongs to; a photo is served only while its row exists. */
export interface PhotoRow extends ReadModelDocument {
  userId: number;
  addedAt: string;
  position: number;
}

export const profileCollections = (store: ReadModelStore) => ({
  profiles: store.collection<ProfileRow>('profiles', { indexes: [{ fields: { userId: 1 }, unique: true }] }),
  photos: store.collection<PhotoRow>('profile_photos', { indexes: [{ fields: { userId: 1 } }] }),
});
export type ProfileCollections = ReturnType<typeof profileCollections>;

const handled = new Set<string>(profileEventTypes);
const rowToProfile = (row: ProfileRow): Profile => {
  const { _id: _ignored, position: _position, ...profile } = row;
  return { ...profile, status: 'active' };
};

/**
 * Folds the service's own events into the rows. Idempotent: a row remembers the last position it
 * folded, so an event delivered again changes nothing.
 */
export function createProfileProjection({ profiles, photos }: { profiles: ReadModelCollection<ProfileRow>; photos: ReadModelCollection<PhotoRow> }) {
  return async function project(stored: StoredEvent): Promise<void> {
    if (!handled.has(stored.type)) return;
    const userId = userIdOfStream(stored.streamId);
    if (userId === null) return;
    const event = toProfileEvent(stored);
    const id = String(userId);
    const row = await profiles.get(id);
    if (row && row.position >= stored.globalPosition) return;

    if (event.type === 'ProfileErased') {
      await photos.deleteMany({ userId });
      await profiles.delete(id);
      return;
    }
    // Rows of erased profiles are gone; only a creation starts a row.
    if (!row && event.type !== 'ProfileCreated') return;
    const profile = evolve(row ? rowToProfile(row) : initialProfile(userId), event);
    const { status: _status, ...fields } = profile;
    await profiles.upsert({ _id: id, ...fields, position: stored.globalPosition });
    await projectPhotos(event, userId, stored.globalPosition);
  };

  async function projectPhotos(event: ProfileEvent, userId: number, position: number) {
    if (event.type === 'PhotoAdded') await photos.upsert({ _id: event.data.photoId, userId, addedAt: event.data.addedAt, position });
    if (event.type === 'PhotoRemoved') await photos.delete(event.data.photoId);
  }
}
