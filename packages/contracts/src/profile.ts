import { z } from 'zod';
import { Genders } from './catalogues';
import { KinkAudiences } from './profileInputs';
import { integrationContract } from './envelope';

/** Integration events of the profile context on `profile.events`, keyed by user id. */
export const PublicPhotoV1 = z.object({ id: z.string(), url: z.string(), thumbnailUrl: z.string() });
export type PublicPhotoV1 = z.infer<typeof PublicPhotoV1>;

/**
 * Events published by earlier versions may also carry `blurredPhotoUrl` (a blurred copy of the first photo,
 * no longer made): the schemas drop it.
 */
const publicProfileFields = {
  userId: z.number().int().positive(),
  gender: z.enum(Genders),
  bio: z.string().nullable(),
  photos: z.array(PublicPhotoV1),
  kinks: z.array(z.string()),
  interests: z.array(z.string()),
};

/** A profile exists for a newly registered user (gender unset until onboarding). */
export const ProfileCreatedV1 = z.object({
  userId: z.number().int().positive(),
  nightOwlScore: z.number().int(),
  isVerified: z.boolean(),
  createdAt: z.string(),
});
export type ProfileCreatedV1 = z.infer<typeof ProfileCreatedV1>;

/** The onboarding wizard was saved: the whole public profile as it now stands. */
export const OnboardingCompletedV1 = z.object({ ...publicProfileFields, completedAt: z.string() });
export type OnboardingCompletedV1 = z.infer<typeof OnboardingCompletedV1>;

/** The profile was edited: the whole public profile as it now stands (consumers replace, not merge). */
export const ProfileUpdatedV1 = z.object({ ...publicProfileFields, updatedAt: z.string() });
export type ProfileUpdatedV1 = z.infer<typeof ProfileUpdatedV1>;

/** A photo was uploaded or removed: the profile's photos in display order after the change. */
export const ProfilePhotosChangedV1 = z.object({
  userId: z.number().int().positive(),
  photos: z.array(PublicPhotoV1),
  changedAt: z.string(),
});
export type ProfilePhotosChangedV1 = z.infer<typeof ProfilePhotosChangedV1>;

/**
 * The person shared a position. Never the exact coordinates: only the ~1 km grid cell and its centre,
 * which is what distances shown to others are computed from. No place text either: what the person typed
 * as their location stays in the profile service (it may be an address or coordinates in any notation).
 */
export const LocationUpdatedV1 = z.object({
  userId: z.number().int().positive(),
  cell: z.object({ row: z.number().int(), col: z.number().int() }),
  latitude: z.number(),
  longitude: z.number(),
  updatedAt: z.string(),
});
export type LocationUpdatedV1 = z.infer<typeof LocationUpdatedV1>;

/**
 * Who may see the person's kinks (kinks shown by mutual consent): `audience` for every kink, `perKink`
 * overriding it one by one. Consumers that show or filter on kinks apply it with `kinksVisibleTo`.
 */
export const KinkVisibilityChangedV1 = z.object({
  userId: z.number().int().positive(),
  audience: z.enum(KinkAudiences),
  perKink: z.array(z.object({ kink: z.string(), audience: z.enum(KinkAudiences) })),
  changedAt: z.string(),
});
export type KinkVisibilityChangedV1 = z.infer<typeof KinkVisibilityChangedV1>;

/** The city the person chose to show on their card (null: none). Never derived from their position or place text. */
export const PublicCityChangedV1 = z.object({ userId: z.number().int().positive(), city: z.string().nullable(), changedAt: z.string() });
export type PublicCityChangedV1 = z.infer<typeof PublicCityChangedV1>;

/** The person's IANA time zone (the swipe window and quota resets follow it). */
export const TimeZoneSetV1 = z.object({ userId: z.number().int().positive(), timeZone: z.string() });
export type TimeZoneSetV1 = z.infer<typeof TimeZoneSetV1>;

/**
 * The person saved a profile edit with a name and age. The edit is one request with one owner (the profile
 * context, which can still refuse it); the auth context keeps the account's name and age and follows this
 * event, so a request is either taken whole or not at all (docs/design.md, "One owner per request").
 */
export const AccountDetailsEditedV1 = z.object({ userId: z.number().int().positive(), name: z.string(), age: z.number().int(), editedAt: z.string() });
export type AccountDetailsEditedV1 = z.infer<typeof AccountDetailsEditedV1>;

/** Everything the profile context held about the person was erased. */
export const ProfileErasedV1 = z.object({ userId: z.number().int().positive(), erasedAt: z.string() });
export type ProfileErasedV1 = z.infer<typeof ProfileErasedV1>;

/** Everything about the person's profile is personal on the bus: gender, bio, photos, kinks, interests, who sees the kinks, cell, time zone. */
const publicProfilePersonal = ['gender', 'bio', 'photos', 'kinks', 'interests'] as const;

export const ProfileEvents = {
  ProfileCreated: integrationContract({ type: 'ProfileCreated', version: 1, schema: ProfileCreatedV1, personal: [] }),
  OnboardingCompleted: integrationContract({ type: 'OnboardingCompleted', version: 1, schema: OnboardingCompletedV1, personal: publicProfilePersonal }),
  ProfileUpdated: integrationContract({ type: 'ProfileUpdated', version: 1, schema: ProfileUpdatedV1, personal: publicProfilePersonal }),
  ProfilePhotosChanged: integrationContract({ type: 'ProfilePhotosChanged', version: 1, schema: ProfilePhotosChangedV1, personal: ['photos'] }),
  LocationUpdated: integrationContract({ type: 'LocationUpdated', version: 1, schema: LocationUpdatedV1, personal: ['cell', 'latitude', 'longitude'] }),
  KinkVisibilityChanged: integrationContract({ type: 'KinkVisibilityChanged', version: 1, schema: KinkVisibilityChangedV1, personal: ['audience', 'perKink'] }),
  PublicCityChanged: integrationContract({ type: 'PublicCityChanged', version: 1, schema: PublicCityChangedV1, personal: ['city'] }),
  TimeZoneSet: integrationContract({ type: 'TimeZoneSet', version: 1, schema: TimeZoneSetV1, personal: ['timeZone'] }),
  AccountDetailsEdited: integrationContract({ type: 'AccountDetailsEdited', version: 1, schema: AccountDetailsEditedV1, personal: ['name', 'age'] }),
  ProfileErased: integrationContract({ type: 'ProfileErased', version: 1, schema: ProfileErasedV1, personal: [] }),
} as const;
