import { DefaultNotificationPreferences, type Gender, type NotificationPreferences } from '@nocturne/contracts';

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
export interface PublicDetails {
  gender: Gender;
  bio: string | null;
  photoIds: string[];
  kinks: string[];
  interests: string[];
}
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
  /** `photoIds`: the profile's photos after the change, so the event can be published on its own. */
  data: { userId: number; photoId: string; photoIds: string[]; addedAt: string };
}
export interface PhotoRemoved {
  type: 'PhotoRemoved';
  data: { userId: number; photoId: string; photoIds: string[]; removedAt: string };
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
export interface TimeZoneSet {
  type: 'TimeZoneSet';
  data: { userId: number; timeZone: string; setAt: string };
}
export interface ProfileErased {
  type: 'ProfileErased';
  /** The photos whose files must go too. */
  data: { userId: number; photoIds: string[]; erasedAt: string };
}

export type ProfileEvent =
  | ProfileCreated
  | AccountNameChanged
  | OnboardingCompleted
  | ProfileUpdated
  | PhotoAdded
  | PhotoRemoved
  | LocationUpdated
  | NotificationPreferencesChanged
  | TimeZoneSet
  | ProfileErased;
export type ProfileEventType = ProfileEvent['type'];
export const profileEventTypes: readonly ProfileEventType[] = [
  'ProfileCreated',
  'AccountNameChanged',
  'OnboardingCompleted',
  'ProfileUpdated',
  'PhotoAdded',
  'PhotoRemoved',
  'LocationUpdated',
  'NotificationPreferencesChanged',
  'TimeZoneSet',
  'ProfileErased',
];

export interface PreciseLocation {
  latitude: number;
  longitude: number;
  /** The owner's own text form ('lat, lon' or a place name). */
  text: string | null;
  updatedAt: string;
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
  kinks: string[];
  interests: string[];
  isOnline: boolean;
  isVerified: boolean;
  onboardingCompleted: boolean;
  location: PreciseLocation | null;
  notificationPreferences: NotificationPreferences;
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
    kinks: [],
    interests: [],
    isOnline: false,
    isVerified: false,
    onboardingCompleted: false,
    location: null,
    notificationPreferences: { ...DefaultNotificationPreferences },
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
      return { ...state, name: event.data.name };
    case 'OnboardingCompleted': {
      const { gender, bio, photoIds, kinks, interests, completedAt } = event.data;
      return { ...state, gender, bio, photoIds, kinks, interests, onboardingCompleted: true, lastSeen: completedAt };
    }
    case 'ProfileUpdated': {
      const { gender, bio, photoIds, kinks, interests, updatedAt } = event.data;
      return { ...state, gender, bio, photoIds, kinks, interests, lastSeen: updatedAt };
    }
    case 'PhotoAdded':
      return { ...state, photoIds: event.data.photoIds, lastSeen: event.data.addedAt };
    case 'PhotoRemoved':
      return { ...state, photoIds: event.data.photoIds, lastSeen: event.data.removedAt };
    case 'LocationUpdated': {
      const { latitude, longitude, location, updatedAt } = event.data;
      return { ...state, location: { latitude, longitude, text: location, updatedAt }, lastSeen: updatedAt };
    }
    case 'NotificationPreferencesChanged': {
      const { matches, messages, likes, marketing, changedAt } = event.data;
      return { ...state, notificationPreferences: { matches, messages, likes, marketing }, lastSeen: changedAt };
    }
    case 'TimeZoneSet':
      return { ...state, timeZone: event.data.timeZone, lastSeen: event.data.setAt };
    case 'ProfileErased':
      return { ...initialProfile(state.userId), status: 'erased' };
  }
}

export const foldProfile = (userId: number, events: readonly ProfileEvent[]): Profile => events.reduce(evolve, initialProfile(userId));
