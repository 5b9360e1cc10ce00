import type { Gender, NotificationPreferences } from '@nocturne/contracts';
import type { ArrangedPhotosAnswer, CurrentUserAnswer, OkAnswer, PhotoUploadAnswer, UploadedPhoto } from '@nocturne/contracts/api';
import { HttpError, requestJson } from './http';

export type { PhotoUploadAnswer, UploadedPhoto } from '@nocturne/contracts/api';

/** The thumbnail of a display URL the server handed out (`/api/photos/<id>/display` → `/thumb`). */
export const thumbnailOf = (displayUrl: string) => displayUrl.replace(/\/display(?=$|[?#])/, '/thumb');

/** Turns a display URL of the current user's profile back into the photo it names. */
export function photoFromUrl(url: string): UploadedPhoto {
  const id = /\/photos\/([a-f0-9]+)\//.exec(url)?.[1] ?? url;
  return { id, url, thumbnailUrl: thumbnailOf(url) };
}

/**
 * Uploads images as multipart (field `photos`); they join the profile at once and are referred to by
 * URL afterwards. The browser sets the multipart content type with its boundary.
 */
export async function uploadPhotos(files: readonly File[]): Promise<PhotoUploadAnswer> {
  const form = new FormData();
  for (const file of files) form.append('photos', file, file.name);
  const response = await fetch('/api/photos', { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' }, body: form });
  const text = await response.text();
  if (!response.ok) throw new HttpError(response.status, text, response.statusText);
  return JSON.parse(text) as PhotoUploadAnswer;
}

/** The person's photos in a new order (every one, once); the first becomes the main photo. */
export const arrangePhotos = (photoIds: readonly string[]) => requestJson<ArrangedPhotosAnswer>('PUT', '/api/profile/photos', { photos: photoIds });

export interface OnboardingSave {
  gender: Gender;
  photos: string[];
  kinks: string[];
  interests: string[];
  bio?: string;
}

export const completeOnboarding = (userId: number, input: OnboardingSave) => requestJson<CurrentUserAnswer>('PATCH', `/api/user/${userId}`, input);

export interface ProfileSave {
  name: string;
  age: number;
  bio: string;
  photos: string[];
  gender: Gender;
  kinks: string[];
  interests: string[];
}

export const saveProfile = (input: ProfileSave) => requestJson<CurrentUserAnswer>('PUT', '/api/profile', input);

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export const updateLocation = (position: Coordinates) => requestJson<OkAnswer>('POST', '/api/update-location', position);

/** The spec's second location call after sign-up or sign-in, with the text form 'lat, lon'. */
export const updateUserLocation = (userId: number, { latitude, longitude }: Coordinates) =>
  requestJson<OkAnswer>('PATCH', `/api/users/${userId}/location`, { latitude, longitude, location: `${latitude}, ${longitude}` });

export const deleteAccount = () => requestJson<OkAnswer>('DELETE', '/api/account');

export type { NotificationPreferences };
