import { DefaultKinkVisibility, DefaultNotificationPreferences, type Gender, type KinkVisibility, type NotificationPreferences, type VerificationGesture } from '@nocturne/contracts';

/** The profile aggregate: one stream per user, `profile-<userId>`. Events are private to this service. */
export const profileStreamId = (userId: number) => `profile-${userId}`;
export const userIdOfStream = (streamId: string): number | null => {
  const match = /^profile-(\d+)$/.exec(streamId);
  return match ? Number(match[1]) : null;
};

export interface ProfileCreated {
  type: 'ProfileCreated';
  /** The name the account was registered with (initials of the generated avatar); null when unknown yet. */
  data: { userId: number; name: string | null; createdAt: string };
}
export interface AccountNameChanged {
  type: 'AccountNameChanged';
  data: { userId: number; name: string };
}
/** A profile edit carried a name and age: the account follows them (auth owns the account, this context the request). */
export interface AccountDetailsEdited {
  type: 'AccountDetailsEdited';
  data: { userId: number; name: string; age: number; editedAt: string };
}
export interface PublicDetails {
  gender: Gender;
  bio: string | null;
  photoIds: string[];
  kinks: string[];
  interests: string[];
}
/*
 * Blurred copies: earlier versions made a small blurred copy of each photo for the free plan's likes
 * (which now show no picture of anyone). Their events stay as they were stored: `PhotoAdded.blurredId`
 * and `BlurredCopyMade` name a copy whose file is deleted with its photo (`PhotoRemoved.blurredId`,
 * `ProfileErased.blurredIds`); the `coverBlurredId` those events carry is read by nothing.
 */
export interface OnboardingCompleted {
  type: 'OnboardingCompleted';
  data: { userId: number; completedAt: string } & PublicDetails;
}
export interface ProfileUpdated {
  type: 'ProfileUpdated';
  data: { userId: number; updatedAt: string } & PublicDetails;
}
export interface PhotoAdded {
  type: 'PhotoAdded';
  /**
   * `photoIds`: the profile's photos after the change, so the event can be published on its own.
   * `blurredId`: only in events of earlier versions, the photo's blurred copy.
   */
  data: { userId: number; photoId: string; photoIds: string[]; blurredId?: string; addedAt: string };
}
export interface PhotoRemoved {
  type: 'PhotoRemoved';
  /** `blurredId`: the removed photo's blurred copy from an earlier version, whose file goes too. */
  data: { userId: number; photoId: string; photoIds: string[]; blurredId?: string | null; removedAt: string };
}
/** The person put their photos in a new order; the first is the main photo (card, avatar). */
export interface PhotosArranged {
  type: 'PhotosArranged';
  data: { userId: number; photoIds: string[]; arrangedAt: string };
}
/** Stored by earlier versions only: a photo got its blurred copy. */
export interface BlurredCopyMade {
  type: 'BlurredCopyMade';
  data: { userId: number; photoId: string; blurredId: string; photoIds: string[]; madeAt: string };
}
export interface LocationUpdated {
  type: 'LocationUpdated';
  /** Exact coordinates: they stay in this service and are shown to their owner only. */
  data: { userId: number; latitude: number; longitude: number; location: string | null; updatedAt: string };
}
export interface NotificationPreferencesChanged {
  type: 'NotificationPreferencesChanged';
  data: { userId: number; changedAt: string } & NotificationPreferences;
}
/** Who may see the person's kinks: everyone, or only people who share each one (the whole list or kink by kink). */
export interface KinkVisibilityChanged {
  type: 'KinkVisibilityChanged';
  data: { userId: number; changedAt: string } & KinkVisibility;
}
/** The city the person chose to show on their card; null: none. */
export interface PublicCityChanged {
  type: 'PublicCityChanged';
  data: { userId: number; city: string | null; changedAt: string };
}
export interface TimeZoneSet {
  type: 'TimeZoneSet';
  data: { userId: number; timeZone: string; setAt: string };
}
export interface ProfileErased {
  type: 'ProfileErased';
  /** The photos whose files must go too, their blurred copies from earlier versions, and a selfie waiting for review. */
  data: { userId: number; photoIds: string[]; blurredIds?: string[]; selfieId?: string; voiceId?: string; erasedAt: string };
}
/** The person recorded a voice intro (file `voice/<voiceId>`); it replaces the one before. */
export interface VoiceIntroRecorded {
  type: 'VoiceIntroRecorded';
  data: { userId: number; voiceId: string; format: 'webm' | 'ogg'; durationMs: number; recordedAt: string };
}
/** The voice intro was removed or replaced; its file goes. */
export interface VoiceIntroRemoved {
  type: 'VoiceIntroRemoved';
  data: { userId: number; voiceId: string; removedAt: string };
}
/** The person asked to be verified: the gesture their selfie must show, drawn by the server. */
export interface VerificationRequested {
  type: 'VerificationRequested';
  data: { userId: number; requestId: string; gesture: VerificationGesture; requestedAt: string };
}
/** The selfie of a request was stored (file `selfies/<selfieId>`), for a moderator to review. */
export interface VerificationSelfieSubmitted {
  type: 'VerificationSelfieSubmitted';
  data: { userId: number; requestId: string; selfieId: string; submittedAt: string };
}
/** A moderator found the selfie matches the photos: the profile is verified. The selfie file goes. */
export interface VerificationApproved {
  type: 'VerificationApproved';
  data: { userId: number; requestId: string; selfieId: string; decidedAt: string };
}
/** A moderator refused the selfie. The selfie file goes; the person may ask again. */
export interface VerificationRefused {
  type: 'VerificationRefused';
  data: { userId: number; requestId: string; selfieId: string; decidedAt: string };
}
/** The photos changed after the profile was verified: the tick goes until a new selfie is approved. */
export interface VerificationLapsed {
  type: 'VerificationLapsed';
  data: { userId: number; lapsedAt: string };
}

export type ProfileEvent =
  | ProfileCreated
  | AccountNameChanged
  | AccountDetailsEdited
  | OnboardingCompleted
  | ProfileUpdated
  | PhotoAdded
  | PhotoRemoved
  | PhotosArranged
  | BlurredCopyMade
  | LocationUpdated
  | NotificationPreferencesChanged
  | KinkVisibilityChanged
  | PublicCityChanged
  | TimeZoneSet
  | VerificationRequested
  | VerificationSelfieSubmitted
  | VerificationApproved
  | VerificationRefused
  | VerificationLapsed
  | VoiceIntroRecorded
  | VoiceIntroRemoved
  | ProfileErased;
export type ProfileEventType = ProfileEvent['type'];
export const profileEventTypes: readonly ProfileEventType[] = [
  'ProfileCreated',
  'AccountNameChanged',
  'AccountDetailsEdited',
  'OnboardingCompleted',
  'ProfileUpdated',
  'PhotoAdded',
  'PhotoRemoved',
  'PhotosArranged',
  'BlurredCopyMade',
  'LocationUpdated',
  'NotificationPreferencesChanged',
  'KinkVisibilityChanged',
  'PublicCityChanged',
  'TimeZoneSet',
  'VerificationRequested',
  'VerificationSelfieSubmitted',
  'VerificationApproved',
  'VerificationRefused',
  'VerificationLapsed',
  'VoiceIntroRecorded',
  'VoiceIntroRemoved',
  'ProfileErased',
];

export interface PreciseLocation {
  latitude: number;
  longitude: number;
  /** The owner's own text form ('lat, lon' or a place name). */
  text: string | null;
  updatedAt: string;
}

/** An open or refused verification request; none once approved (`isVerified`) or before any. */
export interface VerificationRequest {
  requestId: string;
  gesture: VerificationGesture;
  /** awaiting-selfie: no selfie yet; pending: `selfieId` waits for a moderator; refused: the last one was refused. */
  status: 'awaiting-selfie' | 'pending' | 'refused';
  selfieId: string | null;
}

/** A voice intro of up to 30 seconds, served like the photos. */
export interface VoiceIntro {
  id: string;
  format: 'webm' | 'ogg';
  durationMs: number;
}

export interface Profile {
  /** absent: no event yet; erased: the person deleted their account, nothing is kept. */
  status: 'absent' | 'active' | 'erased';
  userId: number;
  name: string | null;
  /** Required once onboarded; null until then. */
  gender: Gender | null;
  bio: string | null;
  photoIds: string[];
  /** The blurred copy an earlier version made of a photo (photo id to blurred id), deleted with it. */
  blurredIds: Record<string, string>;
  kinks: string[];
  interests: string[];
  isVerified: boolean;
  /** The verification request under way or last refused; null: none (rows written before it existed lack it). */
  verification: VerificationRequest | null;
  /** Null: none (rows written before it existed lack it). */
  voiceIntro: VoiceIntro | null;
  onboardingCompleted: boolean;
  location: PreciseLocation | null;
  /** The city shown to others, as the person typed it; null: none. */
  publicCity: string | null;
  notificationPreferences: NotificationPreferences;
  /** Who may see the kinks (rows written before it existed lack it: the default). */
  kinkVisibility: KinkVisibility;
  timeZone: string | null;
  createdAt: string | null;
  /** When the person last changed anything. */
  lastSeen: string | null;
}

/** The defaults of spec point 3, before anything happened. */
export function initialProfile(userId: number): Profile {
  return {
    status: 'absent',
    userId,
    name: null,
    gender: null,
    bio: null,
    photoIds: [],
    blurredIds: {},
    kinks: [],
    interests: [],
    isVerified: false,
    verification: null,
    voiceIntro: null,
    onboardingCompleted: false,
    location: null,
    publicCity: null,
    notificationPreferences: { ...DefaultNotificationPreferences },
    kinkVisibility: DefaultKinkVisibility,
    timeZone: null,
    createdAt: null,
    lastSeen: null,
  };
}

export function evolve(state: Profile, event: ProfileEvent): Profile {
  if (state.status === 'erased') return state;
  switch (event.type) {
    case 'ProfileCreated':
      return { ...state, status: 'active', name: event.data.name ?? state.name, createdAt: state.createdAt ?? event.data.createdAt, lastSeen: state.lastSeen ?? event.data.createdAt };
    case 'AccountNameChanged':
    case 'AccountDetailsEdited':
      return { ...state, name: event.data.name };
    case 'OnboardingCompleted': {
      const { gender, bio, photoIds, kinks, interests, completedAt } = event.data;
      return { ...state, gender, bio, photoIds, kinks, interests, onboardingCompleted: true, lastSeen: completedAt };
    }
    case 'ProfileUpdated': {
      const { gender, bio, photoIds, kinks, interests, updatedAt } = event.data;
      return { ...state, gender, bio, photoIds, kinks, interests, lastSeen: updatedAt };
    }
    case 'PhotoAdded': {
      const { photoId, photoIds, blurredId, addedAt } = event.data;
      return { ...state, photoIds, blurredIds: blurredId ? { ...state.blurredIds, [photoId]: blurredId } : state.blurredIds, lastSeen: addedAt };
    }
    case 'PhotoRemoved': {
      const { [event.data.photoId]: _removed, ...blurredIds } = state.blurredIds;
      return { ...state, photoIds: event.data.photoIds, blurredIds, lastSeen: event.data.removedAt };
    }
    case 'PhotosArranged':
      return { ...state, photoIds: event.data.photoIds, lastSeen: event.data.arrangedAt };
    case 'BlurredCopyMade':
      return { ...state, blurredIds: { ...state.blurredIds, [event.data.photoId]: event.data.blurredId } };
    case 'LocationUpdated': {
      const { latitude, longitude, location, updatedAt } = event.data;
      return { ...state, location: { latitude, longitude, text: location, updatedAt }, lastSeen: updatedAt };
    }
    case 'NotificationPreferencesChanged': {
      const { matches, messages, likes, marketing, changedAt } = event.data;
      return { ...state, notificationPreferences: { matches, messages, likes, marketing }, lastSeen: changedAt };
    }
    case 'KinkVisibilityChanged': {
      const { audience, perKink, changedAt } = event.data;
      return { ...state, kinkVisibility: { audience, perKink }, lastSeen: changedAt };
    }
    case 'PublicCityChanged':
      return { ...state, publicCity: event.data.city, lastSeen: event.data.changedAt };
    case 'TimeZoneSet':
      return { ...state, timeZone: event.data.timeZone, lastSeen: event.data.setAt };
    case 'VerificationRequested':
      return { ...state, verification: { requestId: event.data.requestId, gesture: event.data.gesture, status: 'awaiting-selfie', selfieId: null } };
    case 'VerificationSelfieSubmitted':
      return state.verification ? { ...state, verification: { ...state.verification, status: 'pending', selfieId: event.data.selfieId } } : state;
    case 'VerificationApproved':
      return { ...state, isVerified: true, verification: null };
    case 'VerificationRefused':
      return state.verification ? { ...state, verification: { ...state.verification, status: 'refused', selfieId: null } } : state;
    case 'VerificationLapsed':
      return { ...state, isVerified: false };
    case 'VoiceIntroRecorded': {
      const { voiceId, format, durationMs, recordedAt } = event.data;
      return { ...state, voiceIntro: { id: voiceId, format, durationMs }, lastSeen: recordedAt };
    }
    case 'VoiceIntroRemoved':
      return state.voiceIntro?.id === event.data.voiceId ? { ...state, voiceIntro: null, lastSeen: event.data.removedAt } : state;
    case 'ProfileErased':
      return { ...initialProfile(state.userId), status: 'erased' };
  }
}

export const foldProfile = (userId: number, events: readonly ProfileEvent[]): Profile => events.reduce(evolve, initialProfile(userId));
