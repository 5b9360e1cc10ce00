import { randomInt } from 'node:crypto';
import { VerificationGestures, VerificationMessages, type VerificationGesture, type VerificationStatus } from '@nocturne/contracts';
import { invalidInput, RuleViolation } from '@nocturne/platform/domain';
import { actorMetadata, loadStream, signedInActor, type Actor } from '@nocturne/platform/kit';
import type { RateLimit, RateLimiter } from '@nocturne/platform/limits';
import type { BlobStore, EventStore } from '@nocturne/platform/ports';
import { processPhoto, TooManyPixelsError, UnreadableImageError, UnsupportedImageError } from '../photos/imagePipeline';
import type { WorkSlots } from '../photos/workSlots';
import { photoBlobKey, selfieBlobKey, type ProfileApplication } from '../profile/application';
import { profileDecider } from '../profile/businessLogic';
import { profileStreamId, type Profile } from '../profile/profile';
import type { ProfileCollections } from '../projections/readModels';

export interface VerificationDeps {
  profiles: ProfileApplication;
  eventStore: EventStore;
  collections: ProfileCollections;
  blobs: BlobStore;
  clock: () => Date;
  /** Random, unguessable ids for requests and selfies. */
  newId: () => string;
  /** The gesture of a new request; random from the catalogue unless a test says otherwise. */
  drawGesture?: () => VerificationGesture;
  /** Decoding shares the photos' decoders; selfies have an hourly allowance of their own. */
  selfies: { decoder: WorkSlots; limiter: RateLimiter; rule: RateLimit };
}

/** Where a person's verification stands, as they are told it (never the selfie). */
export interface VerificationView {
  status: VerificationStatus;
  gesture: VerificationGesture | null;
}

export const verificationViewOf = (profile: Pick<Profile, 'isVerified' | 'verification'>): VerificationView => {
  if (profile.isVerified) return { status: 'verified', gesture: null };
  const open = profile.verification;
  if (!open) return { status: 'none', gesture: null };
  return { status: open.status, gesture: open.status === 'refused' ? null : open.gesture };
};

/** A request waiting for review, as the moderation tool lists it. */
export interface PendingVerification {
  requestId: string;
  userId: number;
  name: string | null;
  gesture: string;
  submittedAt: string;
  /** The profile's photos now, in order: what the selfie is compared with. */
  photoIds: string[];
}

const drawRandomGesture = (): VerificationGesture => VerificationGestures[randomInt(VerificationGestures.length)]!;

/**
 * Verification: a person asks (the server draws the gesture and keeps it with the request), sends one
 * selfie, and a moderator approves or refuses it beside the profile's photos. The selfie is re-encoded
 * like a photo, served to the moderation tool only, and deleted once reviewed or with the account.
 */
export function createVerificationApplication(deps: VerificationDeps) {
  const { profiles, eventStore, collections, blobs, selfies } = deps;
  const drawGesture = deps.drawGesture ?? drawRandomGesture;

  const load = async (userId: number) => (await loadStream(eventStore, profileStreamId(userId), profileDecider(userId))).state;

  return {
    async status(actor: Actor): Promise<VerificationView> {
      return verificationViewOf(await profiles.view(signedInActor(actor)));
    },

    async start(actor: Actor): Promise<VerificationView> {
      const userId = signedInActor(actor);
      const result = await profiles.execute(userId, { type: 'RequestVerification', requestId: deps.newId(), gesture: drawGesture(), now: deps.clock() }, actorMetadata(actor));
      return verificationViewOf(result.state);
    },

    /**
     * Before a selfie's body is read: a request waiting for its selfie (the decider's rule, checked early
     * so no upload is decoded for nothing), and the person's hourly allowance of selfies.
     */
    async prepareSelfie(actor: Actor): Promise<void> {
      const userId = signedInActor(actor);
      const profile = await load(userId);
      if (profile.status === 'erased') throw new RuleViolation('NOT_FOUND', VerificationMessages.notStarted);
      if (profile.isVerified) throw new RuleViolation('CONFLICT', VerificationMessages.alreadyVerified);
      if (profile.verification?.status === 'pending') throw new RuleViolation('CONFLICT', VerificationMessages.alreadyPending);
      if (profile.verification?.status !== 'awaiting-selfie') throw new RuleViolation('CONFLICT', VerificationMessages.notStarted);
      await selfies.limiter.hit(`selfies:${userId}`, selfies.rule);
    },

    /** Re-encodes the selfie without metadata, stores it, and puts it up for review; the file goes again if that fails. */
    async submitSelfie(actor: Actor, upload: Buffer | undefined): Promise<VerificationView> {
      const userId = signedInActor(actor);
      if (!upload || upload.length === 0) throw invalidInput('selfie', VerificationMessages.selfieMissing);
      let processed;
      try {
        processed = await selfies.decoder.run(() => processPhoto(upload));
      } catch (error) {
        if (error instanceof UnsupportedImageError || error instanceof UnreadableImageError || error instanceof TooManyPixelsError) throw invalidInput('selfie', VerificationMessages.selfieType);
        throw error;
      }
      const selfieId = deps.newId();
      await blobs.put(selfieBlobKey(selfieId), processed.renditions.display);
      try {
        const result = await profiles.execute(userId, { type: 'SubmitVerificationSelfie', selfieId, now: deps.clock() }, actorMetadata(actor));
        return verificationViewOf(result.state);
      } catch (error) {
        await blobs.delete(selfieBlobKey(selfieId));
        throw error;
      }
    },

    // --- The moderation tool's use cases (only reachable with the internal secret, never through the gateway) ---

    async pending(): Promise<PendingVerification[]> {
      const rows = await collections.pendingVerifications.find({}, { sort: { submittedAt: 1 } });
      const listed: PendingVerification[] = [];
      for (const row of rows) {
        const profile = await collections.profiles.get(String(row.userId));
        if (!profile) continue;
        listed.push({ requestId: row._id, userId: row.userId, name: profile.name, gesture: row.gesture, submittedAt: row.submittedAt, photoIds: profile.photoIds });
      }
      return listed;
    },

    /** The selfie of a request waiting for review; null for any other id. */
    async selfieFile(requestId: string) {
      const row = await collections.pendingVerifications.get(requestId);
      if (!row) return null;
      const open = (await load(row.userId)).verification;
      if (open?.status !== 'pending' || open.requestId !== requestId || !open.selfieId) return null;
      return blobs.get(selfieBlobKey(open.selfieId));
    },

    /** A photo of someone whose selfie waits for review (what the moderator compares it with); null otherwise. */
    async photoFile(requestId: string, photoId: string) {
      const row = await collections.pendingVerifications.get(requestId);
      const profile = row ? await collections.profiles.get(String(row.userId)) : null;
      if (!profile?.photoIds.includes(photoId)) return null;
      return blobs.get(photoBlobKey(photoId, 'display'));
    },

    async review(requestId: string, approved: boolean): Promise<{ userId: number; status: VerificationStatus }> {
      const row = await collections.pendingVerifications.get(requestId);
      if (!row) throw new RuleViolation('NOT_FOUND', VerificationMessages.requestNotFound);
      const result = await profiles.execute(row.userId, { type: 'ReviewVerification', requestId, approved, now: deps.clock() }, {});
      return { userId: row.userId, status: verificationViewOf(result.state).status };
    },
  };
}
export type VerificationApplication = ReturnType<typeof createVerificationApplication>;
