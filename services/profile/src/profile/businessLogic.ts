import {
  ProfileLimits,
  ProfileMessages,
  firstFieldError,
  locationSchema,
  notificationPreferencesSchema,
  onboardingUpdateSchema,
  profileDetailsUpdateSchema,
  timeZoneSchema,
} from '@nocturne/contracts';
import type { z } from 'zod';
import type { Profile, ProfileEvent, PublicDetails } from './profile';
import { RuleViolation, invalidInput } from '@nocturne/platform/domain';

/** Commands carry the time they happen at; the decider reads no clock and draws no ids. */
interface At {
  now: string;
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
/** `input` is what the caller sent; the decider validates it against the catalogues and limits. */
export interface CompleteOnboarding extends At {
  type: 'CompleteOnboarding';
  input: unknown;
}
export interface UpdateProfile extends At {
  type: 'UpdateProfile';
  input: unknown;
}
export interface AddPhoto extends At {
  type: 'AddPhoto';
  photoId: string;
}
export interface RemovePhoto extends At {
  type: 'RemovePhoto';
  photoId: string;
}
export interface UpdateLocation extends At {
  type: 'UpdateLocation';
  input: unknown;
}
export interface ChangeNotificationPreferences extends At {
  type: 'ChangeNotificationPreferences';
  input: unknown;
}
export interface SetTimeZone extends At {
  type: 'SetTimeZone';
  timeZone: unknown;
}
export interface EraseProfile extends At {
  type: 'EraseProfile';
}

export type ProfileCommand =
  | CreateProfile
  | ChangeAccountName
  | CompleteOnboarding
  | UpdateProfile
  | AddPhoto
  | RemovePhoto
  | UpdateLocation
  | ChangeNotificationPreferences
  | SetTimeZone
  | EraseProfile;

function parse<T extends z.ZodType>(schema: T, input: unknown, field?: string): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { field: path, message } = firstFieldError(result.error);
  throw invalidInput(field ?? path, message);
}

/**
 * A signed-in person may write before the auth context's UserRegistered has reached this service: the
 * session vouches that the account exists, so the profile is created on the spot (its name follows).
 */
function ensureCreated(state: Profile, now: string): ProfileEvent[] {
  if (state.status === 'erased') throw new RuleViolation('NOT_FOUND', ProfileMessages.profileErased);
  return state.status === 'absent' ? [{ type: 'ProfileCreated', data: { userId: state.userId, name: null, createdAt: now } }] : [];
}

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
    removals.push({ type: 'PhotoRemoved', data: { userId: state.userId, photoId, photoIds: remaining, removedAt: now } });
  }
  return { photoIds: requested, removals };
}

export function decide(command: ProfileCommand, state: Profile): ProfileEvent[] {
  const userId = state.userId;
  switch (command.type) {
    case 'CreateProfile': {
      if (state.status === 'erased') return [];
      if (state.status === 'active') {
        // Created early by a write of its owner: only the name was missing.
        return state.name === command.name ? [] : [{ type: 'AccountNameChanged', data: { userId, name: command.name } }];
      }
      return [{ type: 'ProfileCreated', data: { userId, name: command.name, createdAt: command.now } }];
    }
    case 'ChangeAccountName': {
      if (state.status !== 'active' || state.name === command.name) return [];
      return [{ type: 'AccountNameChanged', data: { userId, name: command.name } }];
    }
    case 'CompleteOnboarding': {
      const created = ensureCreated(state, command.now);
      const input = parse(onboardingUpdateSchema, command.input);
      const { photoIds, removals } = reorderPhotos(state, input.photos, command.now);
      const details: PublicDetails = { gender: input.gender, bio: input.bio, photoIds, kinks: input.kinks, interests: input.interests };
      return [...created, ...removals, { type: 'OnboardingCompleted', data: { userId, ...details, completedAt: command.now } }];
    }
    case 'UpdateProfile': {
      const created = ensureCreated(state, command.now);
      const input = parse(profileDetailsUpdateSchema, command.input);
      const { photoIds, removals } = reorderPhotos(state, input.photos, command.now);
      const details: PublicDetails = { gender: input.gender, bio: input.bio, photoIds, kinks: input.kinks, interests: input.interests };
      return [...created, ...removals, { type: 'ProfileUpdated', data: { userId, ...details, updatedAt: command.now } }];
    }
    case 'AddPhoto': {
      const created = ensureCreated(state, command.now);
      if (state.photoIds.includes(command.photoId)) return created;
      if (state.photoIds.length >= ProfileLimits.photosMax) throw invalidInput('photos', ProfileMessages.photos);
      const photoIds = [...state.photoIds, command.photoId];
      return [...created, { type: 'PhotoAdded', data: { userId, photoId: command.photoId, photoIds, addedAt: command.now } }];
    }
    case 'RemovePhoto': {
      if (state.status !== 'active' || !state.photoIds.includes(command.photoId)) throw new RuleViolation('NOT_FOUND', ProfileMessages.photoNotFound, { field: 'id' });
      const photoIds = state.photoIds.filter((id) => id !== command.photoId);
      return [{ type: 'PhotoRemoved', data: { userId, photoId: command.photoId, photoIds, removedAt: command.now } }];
    }
    case 'UpdateLocation': {
      const created = ensureCreated(state, command.now);
      const { latitude, longitude, location } = parse(locationSchema, command.input);
      // Without a place text the position's own text form ('lat, lon', spec section 3) stands in, so a
      // coordinates-only update never leaves a text describing an older position.
      const text = location ?? `${latitude}, ${longitude}`;
      return [...created, { type: 'LocationUpdated', data: { userId, latitude, longitude, location: text, updatedAt: command.now } }];
    }
    case 'ChangeNotificationPreferences': {
      const created = ensureCreated(state, command.now);
      const preferences = parse(notificationPreferencesSchema, command.input);
      return [...created, { type: 'NotificationPreferencesChanged', data: { userId, ...preferences, changedAt: command.now } }];
    }
    case 'SetTimeZone': {
      const created = ensureCreated(state, command.now);
      const timeZone = parse(timeZoneSchema, command.timeZone, 'timeZone');
      if (state.timeZone === timeZone) return created;
      return [...created, { type: 'TimeZoneSet', data: { userId, timeZone, setAt: command.now } }];
    }
    case 'EraseProfile': {
      if (state.status === 'erased') return [];
      // Erased even when it never existed here, so a late UserRegistered cannot bring it back.
      return [{ type: 'ProfileErased', data: { userId, photoIds: state.photoIds, erasedAt: command.now } }];
    }
  }
}
