import { ProfileLimits, ProfileMessages, VerificationMessages, VoiceIntroLimits, VoiceIntroMessages, type KinkVisibility, type VerificationGesture, type Location, type NotificationPreferences, type AccountDetails, type OnboardingUpdate, type ProfileDetailsUpdate } from '@nocturne/contracts';
import { invalidInput, RuleViolation, type Decider } from '@nocturne/platform/domain';
import { secondsUntilPlausible } from '../location/travel';
import { evolve, initialProfile, type Profile, type ProfileEvent, type PublicDetails } from './profile';

/** Commands carry the time they happen at; the decider reads no clock and draws no ids. */
interface At {
  now: Date;
}
export interface CreateProfile extends At {
  type: 'CreateProfile';
  userId: number;
  name: string;
}
export interface ChangeAccountName extends At {
  type: 'ChangeAccountName';
  name: string;
}
/** Inputs arrive parsed with the contracts' schemas (the application does it at the edge). */
export interface CompleteOnboarding extends At {
  type: 'CompleteOnboarding';
  details: OnboardingUpdate;
}
export interface UpdateProfile extends At {
  type: 'UpdateProfile';
  details: ProfileDetailsUpdate;
  /** The name and age of the edit, for the account to follow; absent when the edit has none. */
  account?: AccountDetails;
}
export interface AddPhoto extends At {
  type: 'AddPhoto';
  photoId: string;
}
export interface RemovePhoto extends At {
  type: 'RemovePhoto';
  photoId: string;
}
/** Every photo of the profile, once, in the order to show them. */
export interface ArrangePhotos extends At {
  type: 'ArrangePhotos';
  photoIds: string[];
}
export interface UpdateLocation extends At {
  type: 'UpdateLocation';
  location: Location;
}
export interface ChangeNotificationPreferences extends At {
  type: 'ChangeNotificationPreferences';
  preferences: NotificationPreferences;
}
export interface ChangeKinkVisibility extends At {
  type: 'ChangeKinkVisibility';
  visibility: KinkVisibility;
}
export interface ChoosePublicCity extends At {
  type: 'ChoosePublicCity';
  city: string | null;
}
export interface SetTimeZone extends At {
  type: 'SetTimeZone';
  timeZone: string;
}
export interface EraseProfile extends At {
  type: 'EraseProfile';
}
/** The application draws the request id and the gesture; the decider keeps them. */
export interface RequestVerification extends At {
  type: 'RequestVerification';
  requestId: string;
  gesture: VerificationGesture;
}
/** The selfie of the open request, already stored as `selfies/<selfieId>`. */
export interface SubmitVerificationSelfie extends At {
  type: 'SubmitVerificationSelfie';
  selfieId: string;
}
/** A recording already stored as `voice/<voiceId>`, checked for format and length. */
export interface RecordVoiceIntro extends At {
  type: 'RecordVoiceIntro';
  voiceId: string;
  format: 'webm' | 'ogg';
  durationMs: number;
}
export interface RemoveVoiceIntro extends At {
  type: 'RemoveVoiceIntro';
}
/** A moderator's decision on the request waiting for review. */
export interface ReviewVerification extends At {
  type: 'ReviewVerification';
  requestId: string;
  approved: boolean;
}

export type ProfileCommand =
  | CreateProfile
  | ChangeAccountName
  | CompleteOnboarding
  | UpdateProfile
  | AddPhoto
  | RemovePhoto
  | ArrangePhotos
  | UpdateLocation
  | ChangeNotificationPreferences
  | ChangeKinkVisibility
  | ChoosePublicCity
  | SetTimeZone
  | RequestVerification
  | SubmitVerificationSelfie
  | ReviewVerification
  | RecordVoiceIntro
  | RemoveVoiceIntro
  | EraseProfile;

/**
 * A signed-in person may write before the auth context's UserRegistered has reached this service: the
 * session vouches that the account exists, so the profile is created on the spot (its name follows).
 */
function ensureCreated(state: Profile, now: string): ProfileEvent[] {
  if (state.status === 'erased') throw new RuleViolation('NOT_FOUND', ProfileMessages.profileErased);
  return state.status === 'absent' ? [{ type: 'ProfileCreated', data: { userId: state.userId, name: null, createdAt: now } }] : [];
}

/** The blurred copy an earlier version made of a photo, whose file goes with it. */
const blurredCopyOf = (state: Profile, photoId: string): { blurredId?: string } => {
  const blurredId = state.blurredIds[photoId];
  return blurredId ? { blurredId } : {};
};

/** Photos listed by the caller must be the profile's own; those left out are removed. */
function reorderPhotos(state: Profile, requested: string[] | undefined, now: string): { photoIds: string[]; removals: ProfileEvent[] } {
  if (requested === undefined) return { photoIds: state.photoIds, removals: [] };
  const unknown = requested.find((id) => !state.photoIds.includes(id));
  if (unknown) throw invalidInput('photos', ProfileMessages.photoUnknown);
  const removals: ProfileEvent[] = [];
  let remaining = state.photoIds;
  for (const photoId of state.photoIds) {
    if (requested.includes(photoId)) continue;
    remaining = remaining.filter((id) => id !== photoId);
    removals.push({
      type: 'PhotoRemoved',
      data: { userId: state.userId, photoId, photoIds: remaining, ...blurredCopyOf(state, photoId), removedAt: now },
    });
  }
  return { photoIds: requested, removals };
}

function decideCommand(command: ProfileCommand, state: Profile): ProfileEvent[] {
  const userId = state.userId;
  const now = command.now.toISOString();
  switch (command.type) {
    case 'CreateProfile': {
      if (state.status === 'erased') return [];
      if (state.status === 'active') {
        // Created early by a write of its owner: only the name was missing.
        return state.name === command.name ? [] : [{ type: 'AccountNameChanged', data: { userId, name: command.name } }];
      }
      return [{ type: 'ProfileCreated', data: { userId, name: command.name, createdAt: now } }];
    }
    case 'ChangeAccountName': {
      if (state.status !== 'active' || state.name === command.name) return [];
      return [{ type: 'AccountNameChanged', data: { userId, name: command.name } }];
    }
    case 'CompleteOnboarding': {
      const created = ensureCreated(state, now);
      const input = command.details;
      const { photoIds, removals } = reorderPhotos(state, input.photos, now);
      const details: PublicDetails = { gender: input.gender, bio: input.bio, photoIds, kinks: input.kinks, interests: input.interests };
      return [...created, ...removals, { type: 'OnboardingCompleted', data: { userId, ...details, completedAt: now } }];
    }
    case 'UpdateProfile': {
      const created = ensureCreated(state, now);
      const input = command.details;
      const { photoIds, removals } = reorderPhotos(state, input.photos, now);
      const details: PublicDetails = { gender: input.gender, bio: input.bio, photoIds, kinks: input.kinks, interests: input.interests };
      const updated: ProfileEvent = { type: 'ProfileUpdated', data: { userId, ...details, updatedAt: now } };
      const account: ProfileEvent[] = command.account ? [{ type: 'AccountDetailsEdited', data: { userId, ...command.account, editedAt: now } }] : [];
      return [...created, ...removals, updated, ...account];
    }
    case 'AddPhoto': {
      const created = ensureCreated(state, now);
      if (state.photoIds.includes(command.photoId)) return created;
      if (state.photoIds.length >= ProfileLimits.photosMax) throw invalidInput('photos', ProfileMessages.photos);
      const { photoId } = command;
      return [...created, { type: 'PhotoAdded', data: { userId, photoId, photoIds: [...state.photoIds, photoId], addedAt: now } }];
    }
    case 'RemovePhoto': {
      if (state.status !== 'active' || !state.photoIds.includes(command.photoId)) throw new RuleViolation('NOT_FOUND', ProfileMessages.photoNotFound, { field: 'id' });
      const photoIds = state.photoIds.filter((id) => id !== command.photoId);
      return [{ type: 'PhotoRemoved', data: { userId, photoId: command.photoId, photoIds, ...blurredCopyOf(state, command.photoId), removedAt: now } }];
    }
    case 'ArrangePhotos': {
      if (state.status !== 'active') throw new RuleViolation('NOT_FOUND', state.status === 'erased' ? ProfileMessages.profileErased : ProfileMessages.profileNotFound);
      const requested = command.photoIds;
      // An order names the photos as they are: none added, none left out (removing has its own call).
      if (requested.some((id) => !state.photoIds.includes(id))) throw invalidInput('photos', ProfileMessages.photoUnknown);
      if (requested.length !== state.photoIds.length) throw invalidInput('photos', ProfileMessages.photoOrder);
      if (requested.every((id, index) => state.photoIds[index] === id)) return [];
      return [{ type: 'PhotosArranged', data: { userId, photoIds: requested, arrangedAt: now } }];
    }
    case 'UpdateLocation': {
      const created = ensureCreated(state, now);
      const { latitude, longitude, location } = command.location;
      // Faster than an airliner from the last accepted position: not applied until the flight could have landed.
      const wait = state.location ? secondsUntilPlausible(state.location, new Date(state.location.updatedAt), command.location, command.now) : 0;
      if (wait > 0) throw new RuleViolation('RATE_LIMITED', ProfileMessages.locationTooFarTooSoon, { retryAfterSeconds: wait });
      // Without a place text the position's own text form ('lat, lon', spec section 3) stands in, so a
      // coordinates-only update never leaves a text describing an older position.
      const text = location ?? `${latitude}, ${longitude}`;
      return [...created, { type: 'LocationUpdated', data: { userId, latitude, longitude, location: text, updatedAt: now } }];
    }
    case 'ChangeNotificationPreferences': {
      const created = ensureCreated(state, now);
      const preferences = command.preferences;
      return [...created, { type: 'NotificationPreferencesChanged', data: { userId, ...preferences, changedAt: now } }];
    }
    case 'ChangeKinkVisibility': {
      const created = ensureCreated(state, now);
      const { audience, perKink } = command.visibility;
      if (JSON.stringify(state.kinkVisibility) === JSON.stringify({ audience, perKink })) return created;
      return [...created, { type: 'KinkVisibilityChanged', data: { userId, audience, perKink, changedAt: now } }];
    }
    case 'ChoosePublicCity': {
      const created = ensureCreated(state, now);
      if (state.publicCity === command.city) return created;
      return [...created, { type: 'PublicCityChanged', data: { userId, city: command.city, changedAt: now } }];
    }
    case 'SetTimeZone': {
      const created = ensureCreated(state, now);
      const timeZone = command.timeZone;
      if (state.timeZone === timeZone) return created;
      return [...created, { type: 'TimeZoneSet', data: { userId, timeZone, setAt: now } }];
    }
    case 'RequestVerification': {
      const created = ensureCreated(state, now);
      if (state.isVerified) throw new RuleViolation('CONFLICT', VerificationMessages.alreadyVerified);
      const open = state.verification;
      if (open?.status === 'pending') throw new RuleViolation('CONFLICT', VerificationMessages.alreadyPending);
      // Asking again before sending a selfie keeps the gesture drawn: no drawing until a liked one comes up.
      if (open?.status === 'awaiting-selfie') return created;
      if (state.photoIds.length === 0) throw invalidInput('photos', VerificationMessages.needsPhoto);
      return [...created, { type: 'VerificationRequested', data: { userId, requestId: command.requestId, gesture: command.gesture, requestedAt: now } }];
    }
    case 'SubmitVerificationSelfie': {
      if (state.status === 'erased') throw new RuleViolation('NOT_FOUND', ProfileMessages.profileErased);
      if (state.isVerified) throw new RuleViolation('CONFLICT', VerificationMessages.alreadyVerified);
      const open = state.verification;
      if (open?.status === 'pending') throw new RuleViolation('CONFLICT', VerificationMessages.alreadyPending);
      if (open?.status !== 'awaiting-selfie') throw new RuleViolation('CONFLICT', VerificationMessages.notStarted);
      return [{ type: 'VerificationSelfieSubmitted', data: { userId, requestId: open.requestId, selfieId: command.selfieId, submittedAt: now } }];
    }
    case 'ReviewVerification': {
      const open = state.verification;
      if (state.status !== 'active' || open?.status !== 'pending' || open.requestId !== command.requestId || !open.selfieId) {
        throw new RuleViolation('NOT_FOUND', VerificationMessages.requestNotFound);
      }
      const data = { userId, requestId: open.requestId, selfieId: open.selfieId, decidedAt: now };
      return [command.approved ? { type: 'VerificationApproved', data } : { type: 'VerificationRefused', data }];
    }
    case 'RecordVoiceIntro': {
      const created = ensureCreated(state, now);
      if (command.durationMs > VoiceIntroLimits.maxSeconds * 1000) throw invalidInput('voiceIntro', VoiceIntroMessages.tooLong);
      const replaced: ProfileEvent[] = state.voiceIntro ? [{ type: 'VoiceIntroRemoved', data: { userId, voiceId: state.voiceIntro.id, removedAt: now } }] : [];
      const { voiceId, format, durationMs } = command;
      return [...created, ...replaced, { type: 'VoiceIntroRecorded', data: { userId, voiceId, format, durationMs, recordedAt: now } }];
    }
    case 'RemoveVoiceIntro': {
      if (state.status !== 'active' || !state.voiceIntro) throw new RuleViolation('NOT_FOUND', VoiceIntroMessages.notFound);
      return [{ type: 'VoiceIntroRemoved', data: { userId, voiceId: state.voiceIntro.id, removedAt: now } }];
    }
    case 'EraseProfile': {
      if (state.status === 'erased') return [];
      // Erased even when it never existed here, so a late UserRegistered cannot bring it back.
      const blurredIds = Object.values(state.blurredIds);
      const selfieId = state.verification?.selfieId;
      const voiceId = state.voiceIntro?.id;
      return [{ type: 'ProfileErased', data: { userId, photoIds: state.photoIds, ...(blurredIds.length > 0 && { blurredIds }), ...(selfieId && { selfieId }), ...(voiceId && { voiceId }), erasedAt: now } }];
    }
  }
}

const samePhotos = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * Every command, and one rule across them: a verified profile whose photos change (one added or removed,
 * whichever way) is no longer verified, since the moderator compared the selfie with the photos as they
 * were. A new order of the same photos changes nobody's face and keeps the tick.
 */
export function decide(command: ProfileCommand, state: Profile): ProfileEvent[] {
  const events = decideCommand(command, state);
  if (!state.isVerified || events.length === 0) return events;
  const after = events.reduce(evolve, state);
  if (after.status !== 'active' || !after.isVerified || samePhotos(state.photoIds, after.photoIds)) return events;
  return [...events, { type: 'VerificationLapsed', data: { userId: state.userId, lapsedAt: command.now.toISOString() } }];
}

/** The decider of one person's profile (stream `profile-<userId>`): its initial state knows whose it is. */
export const profileDecider = (userId: number): Decider<ProfileCommand, Profile, ProfileEvent> => ({ decide, evolve, initialState: () => initialProfile(userId) });
