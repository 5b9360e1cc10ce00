import {
  DefaultKinkVisibility,
  kinksVisibleTo,
  kinkVisibilitySchema,
  locationSchema,
  publicCitySchema,
  publicKinks,
  notificationPreferencesSchema,
  onboardingUpdateSchema,
  photoOrderSchema,
  profileDetailsUpdateSchema,
  profileUpdateSchema,
  ProfileLimits,
  ProfileMessages,
  timeZoneInputSchema,
} from '@nocturne/contracts';
import { invalidInput, parseInput, RuleViolation } from '@nocturne/platform/domain';
import { actorMetadata, causedBy, handleCommand, loadStream, signedInActor, type Actor, type EventSource, type HandledCommand, type Projection } from '@nocturne/platform/kit';
import type { RateLimit, RateLimiter } from '@nocturne/platform/limits';
import type { BlobStore, EventMetadata, EventStore } from '@nocturne/platform/ports';
import type { PersonalDataVault } from '@nocturne/platform/privacy';
import type { WorkSlots } from '../photos/workSlots';
import { processPhoto, photoSizes, TooManyPixelsError, UnreadableImageError, UnsupportedImageError, type PhotoSize } from '../photos/imagePipeline';
import { pairKey, type ProfileCollections, type ProfileRow } from '../projections/readModels';
import { profileDecider, type ProfileCommand } from './businessLogic';
import { initialProfile, profileStreamId, type Profile, type ProfileEvent } from './profile';

export const photoBlobKey = (photoId: string, size: PhotoSize) => `photos/${photoId}/${size}`;
/** Where an earlier version kept a photo's blurred copy (deleted with the photo). */
export const blurredBlobKey = (blurredId: string) => `blurred/${blurredId}`;
/** A verification selfie, kept until a moderator reviewed it (or the account goes). */
export const selfieBlobKey = (selfieId: string) => `selfies/${selfieId}`;
/** A voice intro's recording, deleted when it is removed or replaced, and with the account. */
export const voiceBlobKey = (voiceId: string) => `voice/${voiceId}`;

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
  /** Random ids for photos. */
  newPhotoId: () => string;
  uploads: PhotoUploadLimits;
  locationChanges: LocationChangeLimits;
}

/** What bounds the work uploads cause: decodes at once in this process, files per person per hour. */
export interface PhotoUploadLimits {
  decoder: WorkSlots;
  limiter: RateLimiter;
  rule: RateLimit;
}

/** How often one person may change their position (every change counts, applied or not). */
export interface LocationChangeLimits {
  limiter: RateLimiter;
  rule: RateLimit;
}

/**
 * A signed-in person looking at others, for one request: their own kinks are read once, when a profile
 * with a kink hidden from all but people who share it first needs them.
 */
export interface Viewer {
  id: number;
  kinks(): Promise<ReadonlySet<string>>;
}

/**
 * Use cases of the profile context. Authorization lives here: every write acts for the signed-in
 * person, and naming anyone else is FORBIDDEN before anything is read or written.
 */
export function createProfileApplication(deps: ProfileApplicationDeps) {
  const { eventStore, projection, collections, blobs, uploads } = deps;
  const now = () => deps.clock();

  /** The signed-in person; FORBIDDEN when the call names someone else (`target`). */
  function signedIn(actor: Actor, target?: number | null): number {
    const userId = signedInActor(actor);
    if (target !== undefined && target !== null && target !== userId) throw new RuleViolation('FORBIDDEN', ProfileMessages.forbidden);
    return userId;
  }

  async function deletePhotoFiles(photoIds: readonly string[], blurredIds: readonly string[] = []) {
    for (const photoId of photoIds) {
      for (const size of photoSizes) await blobs.delete(photoBlobKey(photoId, size));
    }
    for (const blurredId of blurredIds) await blobs.delete(blurredBlobKey(blurredId));
  }

  /** Runs a command, removes the files of photos it dropped, and waits until queries see the result. */
  async function execute(userId: number, command: ProfileCommand, metadata: EventMetadata): Promise<HandledCommand<Profile, ProfileEvent>> {
    const result = await handleCommand({ eventStore, streamId: profileStreamId(userId), decider: profileDecider(userId), command, context: { now: command.now, newEventId: deps.newEventId, metadata } });
    const dropped = result.events.flatMap((event) =>
      event.type === 'PhotoRemoved' ? [event.data.photoId] : event.type === 'ProfileErased' ? event.data.photoIds : [],
    );
    const droppedBlurred = result.events.flatMap((event) =>
      event.type === 'PhotoRemoved' ? (event.data.blurredId ? [event.data.blurredId] : []) : event.type === 'ProfileErased' ? (event.data.blurredIds ?? []) : [],
    );
    await deletePhotoFiles(dropped, droppedBlurred);
    // A selfie is kept only until it is reviewed: approval, refusal and the erasure take its file.
    for (const event of result.events) {
      const selfieId = event.type === 'VerificationApproved' || event.type === 'VerificationRefused' ? event.data.selfieId : event.type === 'ProfileErased' ? event.data.selfieId : undefined;
      if (selfieId) await blobs.delete(selfieBlobKey(selfieId));
      const voiceId = event.type === 'VoiceIntroRemoved' ? event.data.voiceId : event.type === 'ProfileErased' ? event.data.voiceId : undefined;
      if (voiceId) await blobs.delete(voiceBlobKey(voiceId));
    }
    await projection.waitFor(result.lastGlobalPosition);
    return result;
  }

  /** Nothing of anyone: what a person who never existed, was erased, or is blocked looks like. */
  const blankView = (userId: number): ProfileView => {
    const { status: _status, ...defaults } = initialProfile(userId);
    return defaults;
  };

  async function view(userId: number): Promise<ProfileView> {
    const row = await collections.profiles.get(String(userId));
    return row ? rowToView(row) : blankView(userId);
  }

  function viewer(id: number): Viewer {
    let kinks: Promise<ReadonlySet<string>> | undefined;
    return {
      id,
      kinks: () => (kinks ??= collections.profiles.get(String(id)).then((row) => new Set(row?.kinks ?? []))),
    };
  }

  /**
   * What the signed-in `viewer` may see of `subject`, whichever way the query came (a deck card, a match,
   * a like, a direct `_entities` call): the profile of a live person, whose kinks hidden from all but
   * people who share them are left out unless the viewer has them too; for someone who never existed, was
   * erased, or is blocked by or blocks the viewer, the same blank profile, which tells none of them apart.
   */
  async function viewAs(who: Viewer | number, subject: number): Promise<ProfileView> {
    const looking = typeof who === 'number' ? viewer(who) : who;
    if (looking.id === subject) return view(subject);
    if (await collections.blocks.get(pairKey(looking.id, subject))) return blankView(subject);
    const profile = await view(subject);
    if (publicKinks(profile.kinks, profile.kinkVisibility).length === profile.kinks.length) return profile;
    return { ...profile, kinks: kinksVisibleTo(profile.kinks, profile.kinkVisibility, await looking.kinks()) };
  }

  /**
   * Whether `viewer` may be shown `subject`'s photos and avatar now: their own always (onboarding shows the
   * photos being uploaded); someone else's only when both finished onboarding (the subject is then in
   * decks, and the viewer could have seen them there), neither blocked the other, and the subject is not
   * erased. Otherwise the media routes answer 404, whichever reason it is.
   */
  async function mayShowPicturesOf(viewer: number, subject: number): Promise<boolean> {
    if (viewer === subject) return true;
    const [viewerRow, subjectRow, block] = await Promise.all([collections.profiles.get(String(viewer)), collections.profiles.get(String(subject)), collections.blocks.get(pairKey(viewer, subject))]);
    return viewerRow?.onboardingCompleted === true && subjectRow?.onboardingCompleted === true && !block;
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
      await execute(userId, { type: 'AddPhoto', photoId, now: now() }, actorMetadata(actor));
    } catch (error) {
      await deletePhotoFiles([photoId]);
      throw error;
    }
    return photoId;
  }

  const writeAndView = async (userId: number, command: ProfileCommand, actor: Actor) => {
    await execute(userId, command, actorMetadata(actor));
    return view(userId);
  };

  return {
    view,
    viewer,
    viewAs,
    mayShowPicturesOf,
    /** For the verification use cases, which write to the same stream and need the same after-effects. */
    execute,

    async completeOnboarding(actor: Actor, input: unknown, target?: number | null) {
      const userId = signedIn(actor, target);
      return writeAndView(userId, { type: 'CompleteOnboarding', details: parseInput(onboardingUpdateSchema, input), now: now() }, actor);
    },

    /**
     * The profile edit, taken whole: with a name and age (the profile edit dialog's save) they are recorded
     * in the same append, for the account to follow (AccountDetailsEdited), so the request is accepted or
     * refused as one.
     */
    async updateProfile(actor: Actor, input: unknown, target?: number | null) {
      const userId = signedIn(actor, target);
      const fields = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
      if (fields.name === undefined && fields.age === undefined) {
        return writeAndView(userId, { type: 'UpdateProfile', details: parseInput(profileDetailsUpdateSchema, input), now: now() }, actor);
      }
      const { name, age, ...details } = parseInput(profileUpdateSchema, input);
      return writeAndView(userId, { type: 'UpdateProfile', details, account: { name, age }, now: now() }, actor);
    },

    /**
     * Position changes are rationed per person (each valid one counts, applied or not), and a jump faster
     * than an airliner waits (the decider's rule): moving a spoofed position around to measure distances to
     * people, or to crawl other cities' decks, gets few positions and no long jumps.
     */
    async updateLocation(actor: Actor, input: unknown, target?: number | null) {
      const userId = signedIn(actor, target);
      const location = parseInput(locationSchema, input);
      await deps.locationChanges.limiter.hit(`location:${userId}`, deps.locationChanges.rule);
      return writeAndView(userId, { type: 'UpdateLocation', location, now: now() }, actor);
    },

    async changeNotificationPreferences(actor: Actor, input: unknown) {
      const userId = signedIn(actor);
      return writeAndView(userId, { type: 'ChangeNotificationPreferences', preferences: parseInput(notificationPreferencesSchema, input), now: now() }, actor);
    },

    async changeKinkVisibility(actor: Actor, input: unknown) {
      const userId = signedIn(actor);
      return writeAndView(userId, { type: 'ChangeKinkVisibility', visibility: parseInput(kinkVisibilitySchema, input), now: now() }, actor);
    },

    async choosePublicCity(actor: Actor, city: unknown) {
      const userId = signedIn(actor);
      return writeAndView(userId, { type: 'ChoosePublicCity', city: parseInput(publicCitySchema, { city }).city, now: now() }, actor);
    },

    async setTimeZone(actor: Actor, timeZone: unknown) {
      const userId = signedIn(actor);
      return writeAndView(userId, { type: 'SetTimeZone', timeZone: parseInput(timeZoneInputSchema, { timeZone }).timeZone, now: now() }, actor);
    },

    /** The signed-in person's photos in a new order (ids or URLs, every photo once); the first becomes the main photo. */
    async arrangePhotos(actor: Actor, input: unknown) {
      const userId = signedIn(actor);
      return writeAndView(userId, { type: 'ArrangePhotos', photoIds: parseInput(photoOrderSchema, input).photos, now: now() }, actor);
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


    /** A photo's file, while it belongs to a profile whose pictures the viewer may be shown (`mayShowPicturesOf`). */
    async photoFile(viewer: number, photoId: string, size: PhotoSize) {
      const photo = await collections.photos.get(photoId);
      if (!photo || !(await mayShowPicturesOf(viewer, photo.userId))) return null;
      return blobs.get(photoBlobKey(photoId, size));
    },

    // --- Reactions to the auth context's integration events -------------------------------------
    async onUserRegistered(source: EventSource, data: { userId: number; name: string }) {
      await execute(data.userId, { type: 'CreateProfile', userId: data.userId, name: data.name, now: now() }, causedBy(source));
    },
    async onAccountDetailsChanged(source: EventSource, data: { userId: number; name: string }) {
      await execute(data.userId, { type: 'ChangeAccountName', name: data.name, now: now() }, causedBy(source));
    },
    /**
     * Erases the profile: its events fold to nothing, the person's key is shredded (so the personal fields
     * of the stored events are gone too), its photo files and read-model rows go.
     */
    async onUserDeleted(source: EventSource, data: { userId: number }) {
      await execute(data.userId, { type: 'EraseProfile', now: now() }, causedBy(source));
      // Only after ProfileErased is stored: every reader then meets the erasure after the unreadable events.
      await deps.personalData.shred(String(data.userId));
      // Files of uploads that raced the erasure, or survived a crash between append and delete.
      const leftovers = await collections.photos.find({ userId: data.userId });
      await deletePhotoFiles(
        leftovers.map((photo) => photo._id),
        leftovers.flatMap((photo) => (photo.blurredId ? [photo.blurredId] : [])),
      );
      await collections.photos.deleteMany({ userId: data.userId });
      // Who blocked whom is about the person too.
      await collections.blocks.deleteMany({ blockerId: data.userId });
      await collections.blocks.deleteMany({ blockedId: data.userId });
    },
    /** Two people are hidden from each other for good; repeated deliveries write the same row. */
    async onPersonBlocked(data: { blockerId: number; blockedId: number }) {
      await collections.blocks.upsert({ _id: pairKey(data.blockerId, data.blockedId), blockerId: data.blockerId, blockedId: data.blockedId });
    },
  };
}
export type ProfileApplication = ReturnType<typeof createProfileApplication>;

function rowToView(row: ProfileRow): ProfileView {
  const { _id: _id, version: _version, erased: _erased, kinkVisibility = DefaultKinkVisibility, blurredIds = {}, publicCity = null, verification = null, voiceIntro = null, ...view } = row;
  return { ...view, kinkVisibility, blurredIds, publicCity, verification, voiceIntro };
}
