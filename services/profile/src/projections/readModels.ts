import { DefaultKinkVisibility, type KinkVisibility } from '@nocturne/contracts';
import { ERASE, versionedRows, type VersionedRow } from '@nocturne/platform/kit';
import type { ReadModelDocument, ReadModelStore, StoredEvent } from '@nocturne/platform/ports';
import { hasErasedPersonalData } from '@nocturne/platform/privacy';
import { evolve, initialProfile, profileEventTypes, userIdOfStream, type Profile, type ProfileEvent, type VerificationRequest, type VoiceIntro } from '../profile/profile';

/** One row per profile: the aggregate's state, and the stream version folded into it. */
export interface ProfileRow extends VersionedRow, Omit<Profile, 'status' | 'kinkVisibility' | 'blurredIds' | 'publicCity' | 'verification' | 'voiceIntro'> {
  /** Absent from rows written before voice intros existed: none. */
  voiceIntro?: VoiceIntro | null;
  /** Absent from rows written before verification existed: none. */
  verification?: VerificationRequest | null;
  /** Absent from rows written before a city could be chosen: none. */
  publicCity?: string | null;
  /** Absent from rows written before kinks had a visibility: the default. */
  kinkVisibility?: KinkVisibility;
  /** Blurred copies an earlier version made (deleted with their photos); absent: none. */
  blurredIds?: Record<string, string>;
}
/** Which profile a photo belongs to; a photo is served only while its row exists. */
export interface PhotoRow extends ReadModelDocument {
  userId: number;
  addedAt: string;
  position: number;
  /** The blurred copy an earlier version made, whose file goes with the photo; absent: none. */
  blurredId?: string;
}

/** Whose voice intro a recording is; it is served only while its row exists. */
export interface VoiceIntroRow extends ReadModelDocument {
  userId: number;
}

/** A selfie waiting for a moderator (keyed by its request); gone once reviewed or erased. */
export interface PendingVerificationRow extends ReadModelDocument {
  userId: number;
  gesture: string;
  submittedAt: string;
}

/** Two people hidden from each other for good (the swipe service's PersonBlocked), keyed by the pair. */
export interface BlockRow extends ReadModelDocument {
  blockerId: number;
  blockedId: number;
}

/** The key of a pair, whichever of the two is named first. */
export const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

export const profileCollections = (store: ReadModelStore) => ({
  /** Live profiles (an erased one is a tombstone these never answer). */
  profiles: versionedRows(store.collection<ProfileRow>('profiles', { indexes: [{ fields: { userId: 1 } }] })),
  photos: store.collection<PhotoRow>('profile_photos', { indexes: [{ fields: { userId: 1 } }] }),
  voiceIntros: store.collection<VoiceIntroRow>('profile_voice_intros', { indexes: [{ fields: { userId: 1 } }] }),
  pendingVerifications: store.collection<PendingVerificationRow>('profile_pending_verifications', { indexes: [{ fields: { userId: 1 } }, { fields: { submittedAt: 1 } }] }),
  blocks: store.collection<BlockRow>('profile_blocks', { indexes: [{ fields: { blockerId: 1 } }, { fields: { blockedId: 1 } }] }),
});
export type ProfileCollections = ReturnType<typeof profileCollections>;

const handled = new Set<string>(profileEventTypes);
const rowToProfile = (row: ProfileRow): Profile => {
  const { _id: _ignored, version: _version, erased: _erased, ...profile } = row;
  // Rows written before kinks had a visibility lack it.
  return { ...profile, kinkVisibility: profile.kinkVisibility ?? DefaultKinkVisibility, blurredIds: profile.blurredIds ?? {}, publicCity: profile.publicCity ?? null, verification: profile.verification ?? null, voiceIntro: profile.voiceIntro ?? null, status: 'active' };
};

/**
 * Folds the service's own events into the rows, with the kit's rule: an event not newer than its row
 * changes nothing, and an erasure leaves a tombstone, so a replay from the start (a rebuild, a lost
 * checkpoint) ends exactly where the first run ended and never brings an erased profile back.
 */
export function createProfileProjector({ profiles, photos, pendingVerifications, voiceIntros }: ProfileCollections) {
  return async function project(stored: StoredEvent): Promise<void> {
    if (!handled.has(stored.type)) return;
    const userId = userIdOfStream(stored.streamId);
    if (userId === null) return;
    // Events whose personal fields were shredded are always followed by the erasure.
    if (hasErasedPersonalData(stored) && stored.type !== 'ProfileErased') return;
    const event = stored as StoredEvent & ProfileEvent;
    const applied = await profiles.apply(String(userId), stored.streamVersion, (current) => {
      if (event.type === 'ProfileErased') return ERASE;
      // Only a creation starts a row.
      if (!current && event.type !== 'ProfileCreated') return undefined;
      const { status: _status, ...fields } = evolve(current ? rowToProfile(current) : initialProfile(userId), event);
      return fields;
    });
    // The photo rows follow the profile row: an event it did not take (already seen, or after the erasure) adds none.
    if (!applied) return;
    if (event.type === 'ProfileErased') {
      await photos.deleteMany({ userId });
      await pendingVerifications.deleteMany({ userId });
      await voiceIntros.deleteMany({ userId });
    }
    if (event.type === 'VoiceIntroRecorded') await voiceIntros.upsert({ _id: event.data.voiceId, userId });
    if (event.type === 'VoiceIntroRemoved') await voiceIntros.delete(event.data.voiceId);
    if (event.type === 'VerificationSelfieSubmitted') {
      const { requestId, submittedAt } = event.data;
      const row = await profiles.get(String(userId));
      await pendingVerifications.upsert({ _id: requestId, userId, gesture: row?.verification?.gesture ?? '', submittedAt });
    }
    if (event.type === 'VerificationApproved' || event.type === 'VerificationRefused') await pendingVerifications.delete(event.data.requestId);
    if (event.type === 'PhotoAdded') {
      const { photoId, blurredId, addedAt } = event.data;
      await photos.upsert({ _id: photoId, userId, addedAt, position: stored.globalPosition, ...(blurredId && { blurredId }) });
    }
    if (event.type === 'BlurredCopyMade') await photos.update(event.data.photoId, { blurredId: event.data.blurredId });
    if (event.type === 'PhotoRemoved') await photos.delete(event.data.photoId);
  };
}
