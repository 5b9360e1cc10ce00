import { ProfileMessages, VoiceIntroMessages } from '@nocturne/contracts';
import { invalidInput, RuleViolation } from '@nocturne/platform/domain';
import { actorMetadata, loadStream, signedInActor, type Actor } from '@nocturne/platform/kit';
import type { RateLimit, RateLimiter } from '@nocturne/platform/limits';
import type { BlobStore, EventStore } from '@nocturne/platform/ports';
import { voiceBlobKey, type ProfileApplication } from '../profile/application';
import { profileDecider } from '../profile/businessLogic';
import { profileStreamId, type VoiceIntro } from '../profile/profile';
import type { ProfileCollections } from '../projections/readModels';
import { audioContentTypes, audioDurationMs, sniffAudioFormat } from './audio';

export interface VoiceIntroDeps {
  profiles: ProfileApplication;
  eventStore: EventStore;
  collections: ProfileCollections;
  blobs: BlobStore;
  clock: () => Date;
  /** Random, unguessable ids for recordings. */
  newId: () => string;
  uploads: { limiter: RateLimiter; rule: RateLimit };
}

/**
 * Voice intros: one recording of up to 30 seconds per person, checked by content (WebM or Ogg, its own
 * timestamps for the length), stored like a photo and served to exactly the people who may see the
 * person's photos (`mayShowPicturesOf`). A new recording replaces the old; both go with the account.
 */
export function createVoiceIntroApplication(deps: VoiceIntroDeps) {
  const { profiles, eventStore, collections, blobs } = deps;

  return {
    /** Before the body is read: signed in, a profile that is not erased, and the hourly allowance. */
    async prepareUpload(actor: Actor): Promise<void> {
      const userId = signedInActor(actor);
      const { state } = await loadStream(eventStore, profileStreamId(userId), profileDecider(userId));
      if (state.status === 'erased') throw new RuleViolation('NOT_FOUND', ProfileMessages.profileErased);
      await deps.uploads.limiter.hit(`voice:${userId}`, deps.uploads.rule);
    },

    async record(actor: Actor, upload: Buffer | undefined): Promise<VoiceIntro> {
      const userId = signedInActor(actor);
      if (!upload || upload.length === 0) throw invalidInput('voiceIntro', VoiceIntroMessages.missing);
      const format = sniffAudioFormat(upload);
      if (!format) throw invalidInput('voiceIntro', VoiceIntroMessages.type);
      const durationMs = audioDurationMs(upload, format);
      if (durationMs === null) throw invalidInput('voiceIntro', VoiceIntroMessages.type);
      const voiceId = deps.newId();
      await blobs.put(voiceBlobKey(voiceId), { data: upload, contentType: audioContentTypes[format] });
      try {
        const result = await profiles.execute(userId, { type: 'RecordVoiceIntro', voiceId, format, durationMs: Math.round(durationMs), now: deps.clock() }, actorMetadata(actor));
        return result.state.voiceIntro!;
      } catch (error) {
        await blobs.delete(voiceBlobKey(voiceId));
        throw error;
      }
    },

    async remove(actor: Actor) {
      const userId = signedInActor(actor);
      await profiles.execute(userId, { type: 'RemoveVoiceIntro', now: deps.clock() }, actorMetadata(actor));
      return profiles.view(userId);
    },

    /** The recording, while it is someone's voice intro whom the viewer may be shown; null otherwise. */
    async file(viewer: number, voiceId: string) {
      const row = await collections.voiceIntros.get(voiceId);
      if (!row || !(await profiles.mayShowPicturesOf(viewer, row.userId))) return null;
      return blobs.get(voiceBlobKey(voiceId));
    },
  };
}
export type VoiceIntroApplication = ReturnType<typeof createVoiceIntroApplication>;
