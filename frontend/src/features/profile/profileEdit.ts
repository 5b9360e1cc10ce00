import { Genders, ProfileLimits, ProfileMessages, parseAge, profileUpdateSchema, type Gender } from '@nocturne/contracts';
import type { SessionUser } from '../../api/auth';
import { serverError } from '../../api/http';
import { photoFromUrl, type ProfileSave, type UploadedPhoto } from '../../api/profile';
import { fieldErrorsOf, type FieldErrors } from '../../forms/fieldErrors';

export interface ProfileEditValues {
  name: string;
  /** As typed; parsed as a whole number when checked. */
  age: string;
  /** Empty until chosen (a profile that skipped onboarding's gender step has Other). */
  gender: Gender | '';
  photos: UploadedPhoto[];
  bio: string;
  interests: string[];
  kinks: string[];
}

export type ProfileEditField = keyof ProfileEditValues;

export const PROFILE_SAVE_FALLBACK = 'Failed to update profile.';

const isGender = (value: unknown): value is Gender => (Genders as readonly unknown[]).includes(value);

/** The dialog opens pre-filled from the current user. */
export function editValuesOf(user: SessionUser): ProfileEditValues {
  return {
    name: user.name,
    age: user.age === undefined ? '' : String(user.age),
    gender: isGender(user.gender) ? user.gender : '',
    photos: (user.photos ?? []).map(photoFromUrl),
    bio: user.bio ?? '',
    interests: [...(user.interests ?? [])],
    kinks: [...(user.kinks ?? [])],
  };
}

export function toProfileSave(values: ProfileEditValues): ProfileSave {
  return {
    name: values.name.trim(),
    age: parseAge(values.age),
    bio: values.bio.trim(),
    photos: values.photos.map((photo) => photo.url),
    gender: values.gender as Gender,
    kinks: values.kinks,
    interests: values.interests,
  };
}

/** The shared rules of a profile update (name 2-50, age 18-99, bio up to 500, photos up to 6, catalogue items). */
export function validateProfileEdit(values: ProfileEditValues): FieldErrors<ProfileEditField> {
  const errors = fieldErrorsOf<ProfileEditField>(profileUpdateSchema, toProfileSave(values));
  if (values.gender === '') errors.gender = ProfileMessages.genderRequired;
  if (values.photos.length > ProfileLimits.photosMax) errors.photos = ProfileMessages.photos;
  return errors;
}

/** 'Update Failed' carries the server's message, else the spec's fallback. */
export const describeProfileSaveFailure = (error: unknown) => serverError(error)?.message ?? PROFILE_SAVE_FALLBACK;
