import {
  locationSchema,
  Messages,
  notificationPreferencesSchema,
  onboardingUpdateSchema,
  profileDetailsUpdateSchema,
  ProfileLimits,
  ProfileMessages,
  timeZoneInputSchema,
} from '@nocturne/contracts';
import {
  handleCommand,
  invalidInput,
  loadStream,
  parseInput,
  RuleViolation,
  type BlobStore,
  type EventMetadata,
  type EventStore,
  type HandledCommand,
  type PersonalDataVault,
  type Projection,
  type RateLimit,
  type RateLimiter,
} from '@nocturne/platform';
import type { WorkSlots } from '../photos/workSlots';
import { processPhoto, photoSizes, TooManyPixelsError, UnreadableImageError, UnsupportedImageError, type PhotoSize } from '../photos/imagePipeline';
import type { ProfileCollections, ProfileRow } from '../projections/profileProjection';
import { profileDecider, type ProfileCommand } from './businessLogic';
import { initialProfile, profileStreamId, type Profile, type ProfileEvent } from './profile';

export const photoBlobKey = (photoId: string, size: PhotoSize) => `photos/${photoId}/${size}`;

/** What queries answer: the read-model row, or the defaults of a profile not created yet. */
export type ProfileView = Omit<Profile, 'status'>;

export interface ProfileApplicationDeps {
  /** Personal fields encrypted on append (`personalData.ts`). */
  eventStore: EventStore;
  newEventId: () => string;
  projection: Projection;
  collections: ProfileCollections;
  blobs: BlobStore;
  /** Whose keys are shredded when a person is erased. */
  personalData: Pick<PersonalDataVault, 'shred'>;
  clock: () => Date;
  newPhotoId: () => string;
  uploads: PhotoUploadLimits;
}

/** What bounds the work uploads cause: decodes at once in this process, files per person per hour. */
export interface PhotoUploadLimits {
  decoder: WorkSlots;
  limiter: RateLimiter;
  rule: RateLimit;
}

/** The caller as the gateway vouched for them. */
export interface Actor {
  uid?: number;
  correlationId?: string;
}

/**
 * Use cases of the profile context. Authorization lives here: every write acts for the signed-in
 * person, and naming anyone else is FORBIDDEN before anything is read or written.
 */
export function createProfileApplication(deps: ProfileApplicationDeps) {
  const { eventStore, projection, collections, blobs, uploads } = deps;
  const now = () => deps.clock();

  function signedIn(actor: Actor, target?: number | null): number {
    if (actor.uid === undefined) throw new RuleViolation('UNAUTHENTICATED', Messages.signedOut);
    if (target !== undefined && target !== null && target !== actor.uid) throw new RuleViolation('FORBIDDEN', ProfileMessages.forbidden);
    return actor.uid;
  }

  const metadataOf = (actor: Actor): EventMetadata => ({
    ...(actor.uid !== undefined && { actorId: actor.uid }),
    ...(actor.correlationId && { correlationId: actor.correlationId }),
  });

  async function deletePhotoFiles(photoIds: readonly string[]) {
    for (const photoId of photoIds) {
      for (const size of photoSizes) await blobs.delete(photoBlobKey(photoId, size));
    }
  }

  /** Runs a command, removes the files of photos it dropped, and waits until queries see the result. */
  async function execute(userId: number, command: ProfileCommand, metadata: EventMetadata): Promise<HandledCommand<Profile, ProfileEvent>> {
    const result = await handleCommand({ eventStore, streamId: profileStreamId(userId), decider: profileDecider(userId), command, context: { now: command.now, newEventId: deps.newEventId, metadata } });
    const dropped = result.events.flatMap((event) =>
      event.type === 'PhotoRemoved' ? [event.data.photoId] : event.type === 'ProfileErased' ? event.data.photoIds : [],
    );
    await deletePhotoFiles(dropped);
    await projection.waitFor(result.lastGlobalPosition);
    return result;
  }

  async function view(userId: number): Promise<ProfileView> {
    const row = await collections.profiles.get(String(userId));
    if (row) return rowToView(row);
    const { status: _status, ...defaults } = initialProfile(userId);
    return defaults;
  }

  const uploadKey = (userId: number) => `photos:${userId}`;

  /** Photos that still fit; a 7th is refused before any decoding work. */
  async function roomForPhotos(userId: number): Promise<number> {
    const { state: profile } = await loadStream(eventStore, profileStreamId(userId), profileDecider(userId));
    if (profile.status === 'erased') throw new RuleViolation('NOT_FOUND', ProfileMessages.profileErased);
    return ProfileLimits.photosMax - profile.photoIds.length;
  }

  /** Re-encodes and stores one upload, then adds it to the profile; its files go again if that fails. */
  async function addPhoto(actor: Actor, userId: number, upload: Buffer): Promise<string> {
    let processed;
    try {
      processed = await uploads.decoder.run(() => processPhoto(upload));
    } catch (error) {
      if (error instanceof UnsupportedImageError) throw invalidInput('photos', ProfileMessages.photoType);
      if (error instanceof TooManyPixelsError) throw invalidInput('photos', ProfileMessages.photoTooManyPixels);
      if (error instanceof UnreadableImageError) throw invalidInput('photos', ProfileMessages.photoUnreadable);
      throw error;
    }
    const photoId = deps.newPhotoId();
    try {
      for (const size of photoSizes) await blobs.put(photoBlobKey(photoId, size), processed.renditions[size]);
      await execute(userId, { type: 'AddPhoto', photoId, now: now() }, metadataOf(actor));
    } catch (error) {
      await deletePhotoFiles([photoId]);
      throw error;
    }
    return photoId;
  }

  const writeAndView = async (userId: number, command: ProfileCommand, actor: Actor) => {
    await execute(userId, command, metadataOf(actor));
    return view(userId);
  };

  return {
    view,

    async completeOnboarding(actor: Actor, input: unknown, target?: number | null) {
      const userId = signedIn(actor, target);
      return writeAndView(userId, { type: 'CompleteOnboarding', details: parseInput(onboardingUpdateSchema, input), now: now() }, actor);
    },

    async updateProfile(actor: Actor, input: unknown, target?: number | null) {
      const userId = signedIn(actor, target);
      return writeAndView(userId, { type: 'UpdateProfile', details: parseInput(profileDetailsUpdateSchema, input), now: now() }, actor);
    },

    async updateLocation(actor: Actor, input: unknown, target?: number | null) {
      const userId = signedIn(actor, target);
      return writeAndView(userId, { type: 'UpdateLocation', location: parseInput(locationSchema, input), now: now() }, actor);
    },

    async changeNotificationPreferences(actor: Actor, input: unknown) {
      const userId = signedIn(actor);
      return writeAndView(userId, { type: 'ChangeNotificationPreferences', preferences: parseInput(notificationPreferencesSchema, input), now: now() }, actor);
    },

    async setTimeZone(actor: Actor, timeZone: unknown) {
      const userId = signedIn(actor);
      return writeAndView(userId, { type: 'SetTimeZone', timeZone: parseInput(timeZoneInputSchema, { timeZone }).timeZone, now: now() }, actor);
    },

    async removePhoto(actor: Actor, photoId: string) {
      const userId = signedIn(actor);
      const photo = await collections.photos.get(photoId);
      if (photo && photo.userId !== userId) throw new RuleViolation('FORBIDDEN', ProfileMessages.forbidden);
      return writeAndView(userId, { type: 'RemovePhoto', photoId, now: now() }, actor);
    },

    /**
     * Before an upload's body is read: refuses a full or erased profile and a person over their hourly
     * upload limit, counting this upload as one file already (so parallel uploads cannot all pass a check
     * made before any of them counted), and answers how many photos still fit: the most files the body
     * may hold.
     */
    async prepareUpload(actor: Actor): Promise<{ userId: number; room: number }> {
      const userId = signedIn(actor);
      const room = await roomForPhotos(userId);
      if (room < 1) throw invalidInput('photos', ProfileMessages.photos);
      await uploads.limiter.hit(uploadKey(userId), uploads.rule);
      return { userId, room };
    },

    /**
     * Adds the files of an upload `prepareUpload` let through, in order. The count is checked again
     * (another upload may have filled the profile meanwhile), and the files beyond the first count towards
     * the hourly limit before any of them is decoded.
     */
    async addPhotos(actor: Actor, files: readonly Buffer[]): Promise<string[]> {
      const userId = signedIn(actor);
      if (files.length < 1) throw invalidInput('photos', ProfileMessages.photoMissing);
      if ((await roomForPhotos(userId)) < files.length) throw invalidInput('photos', ProfileMessages.photos);
      await uploads.limiter.hit(uploadKey(userId), uploads.rule, files.length - 1);
      const added: string[] = [];
      for (const file of files) added.push(await addPhoto(actor, userId, file));
      return added;
    },

    /** A photo's file, only while the photo belongs to a profile. */
    async photoFile(photoId: string, size: PhotoSize) {
      const photo = await collections.photos.get(photoId);
      if (!photo) return null;
      return blobs.get(photoBlobKey(photoId, size));
    },

    // --- Reactions to the auth context's integration events -------------------------------------
    async onUserRegistered(event: { id: string; correlationId?: string }, data: { userId: number; name: string }) {
      await execute(data.userId, { type: 'CreateProfile', userId: data.userId, name: data.name, now: now() }, { causationId: event.id, ...(event.correlationId && { correlationId: event.correlationId }) });
    },
    async onAccountDetailsChanged(event: { id: string; correlationId?: string }, data: { userId: number; name: string }) {
      await execute(data.userId, { type: 'ChangeAccountName', name: data.name, now: now() }, { causationId: event.id, ...(event.correlationId && { correlationId: event.correlationId }) });
    },
    /**
     * Erases the profile: its events fold to nothing, the person's key is shredded (so the personal fields
     * of the stored events are gone too), its photo files and read-model rows go.
     */
    async onUserDeleted(event: { id: string; correlationId?: string }, data: { userId: number }) {
      await execute(data.userId, { type: 'EraseProfile', now: now() }, { causationId: event.id, ...(event.correlationId && { correlationId: event.correlationId }) });
      // Only after ProfileErased is stored: every reader then meets the erasure after the unreadable events.
      await deps.personalData.shred(String(data.userId));
      // Files of uploads that raced the erasure, or survived a crash between append and delete.
      const leftovers = await collections.photos.find({ userId: data.userId });
      await deletePhotoFiles(leftovers.map((photo) => photo._id));
      await collections.photos.deleteMany({ userId: data.userId });
    },
  };
}
export type ProfileApplication = ReturnType<typeof createProfileApplication>;

function rowToView(row: ProfileRow): ProfileView {
  const { _id: _id, version: _version, erased: _erased, ...view } = row;
  return view;
}
