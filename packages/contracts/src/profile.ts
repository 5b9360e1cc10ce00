import { z } from 'zod';
import { integrationContract } from './envelope';
import { Limits, Messages, ageSchema, nameSchema } from './validation';

/**
 * The profile context: catalogues, input rules and the integration events it publishes on
 * `profile.events`, keyed by user id. One definition for the client, the REST facade and the services.
 */

export const Genders = ['Male', 'Female', 'Other'] as const;
export type Gender = (typeof Genders)[number];
/** What onboarding stores when the person skips the gender step. */
export const DefaultGender: Gender = 'Other';

/** The union of the spec's onboarding (30) and profile-edit (24) lists; 'Role Playing' is 'Role Play'. */
export const Kinks = [
  'Rope Play',
  'Impact Play',
  'Sensory Play',
  'Sensory Deprivation',
  'Power Exchange',
  'Role Play',
  'Leather & Latex',
  'Wax Play',
  'Temperature Play',
  'Orgasm Control',
  'Exhibitionism',
  'Voyeurism',
  'Pet Play',
  'Age Play',
  'Discipline',
  'Humiliation',
  'Praise',
  'Choking',
  'Spanking',
  'Blindfolding',
  'Restraints',
  'Dominant',
  'Submissive',
  'Switch',
  'Daddy/Mommy',
  'Master/Slave',
  'Primal',
  'Brat',
  'Sadist',
  'Masochist',
  'Cuckold',
] as const;
export type Kink = (typeof Kinks)[number];

/** The union of the spec's onboarding (25) and profile-edit (25) interest lists. */
export const Interests = [
  'Photography',
  'Art',
  'Design',
  'Music',
  'Travel',
  'Coffee',
  'Wine',
  'Cooking',
  'Fitness',
  'Yoga',
  'Reading',
  'Writing',
  'Gaming',
  'Movies',
  'Dancing',
  'Hiking',
  'Beach',
  'Concerts',
  'Festivals',
  'Tattoos',
  'Piercings',
  'Motorcycles',
  'Cars',
  'Tech',
  'Crypto',
  'Astronomy',
  'Spirituality',
  'Meditation',
] as const;
export type Interest = (typeof Interests)[number];

export const ProfileLimits = {
  bioMax: Limits.bioMax,
  photosMax: Limits.photosMax,
  photoMaxBytes: 10 * 1024 * 1024,
  /** 6000 x 4000: what a phone saves by default; higher-resolution modes are refused (decoding cost). */
  photoMaxMegapixels: 24,
  ageMin: Limits.ageMin,
  ageMax: Limits.ageMax,
  locationTextMax: 200,
  nightOwlScoreDefault: 5,
  nightOwlScoreMax: 10,
} as const;

export const ProfileMessages = {
  gender: `Gender must be one of ${Genders.join(', ')}`,
  genderRequired: 'Please choose a gender',
  bio: `Bio must be at most ${ProfileLimits.bioMax} characters`,
  photos: `You can add at most ${ProfileLimits.photosMax} photos`,
  photoUnknown: 'That photo does not belong to your profile',
  photoDuplicate: 'Each photo can appear only once',
  photoType: 'Photos must be JPEG, PNG, WebP or GIF images',
  photoTooLarge: `Each photo must be at most ${ProfileLimits.photoMaxBytes / (1024 * 1024)} MB`,
  photoUnreadable: 'That image could not be read',
  photoTooManyPixels: `Photos can have at most ${ProfileLimits.photoMaxMegapixels} megapixels`,
  photoBusy: 'Too many photos are being processed right now. Please try again in a moment.',
  photoMissing: 'Choose at least one photo to upload',
  photoNotFound: 'Photo not found',
  kinks: 'Choose kinks from the list',
  kinkDuplicate: 'Each kink can be chosen only once',
  interests: 'Choose interests from the list',
  interestDuplicate: 'Each interest can be chosen only once',
  latitude: 'Latitude must be a number from -90 to 90',
  longitude: 'Longitude must be a number from -180 to 180',
  locationText: `Location must be at most ${ProfileLimits.locationTextMax} characters`,
  notificationPreference: 'Notification preferences must be true or false',
  timeZone: 'Time zone must be an IANA time zone such as Europe/Berlin',
  profileNotFound: 'Profile not found',
  profileErased: 'This profile has been deleted',
  forbidden: Messages.forbidden,
} as const;

/** Whether `zone` names a time zone this runtime knows (IANA names such as 'America/New_York'). */
export function isValidTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const withoutDuplicates = <T extends string>(list: readonly T[]) => new Set(list).size === list.length;

export const genderSchema = z.enum(Genders, { error: ProfileMessages.gender });
export const bioSchema = z.string({ error: ProfileMessages.bio }).trim().max(ProfileLimits.bioMax, ProfileMessages.bio);
/** An empty bio is no bio. */
const optionalBioSchema = bioSchema.nullish().transform((bio) => (bio ? bio : null));
/** Older clients still send the onboarding list's 'Role Playing'; it is the same item. */
const KinkAliases: Readonly<Record<string, Kink>> = { 'Role Playing': 'Role Play' };
export const kinksSchema = z
  .array(
    z.preprocess((kink) => (typeof kink === 'string' ? (KinkAliases[kink] ?? kink) : kink), z.enum(Kinks, { error: ProfileMessages.kinks })),
    { error: ProfileMessages.kinks },
  )
  .refine(withoutDuplicates, ProfileMessages.kinkDuplicate);
export const interestsSchema = z
  .array(z.enum(Interests, { error: ProfileMessages.interests }), { error: ProfileMessages.interests })
  .refine(withoutDuplicates, ProfileMessages.interestDuplicate);

/**
 * Photos are uploaded first (`POST /photos`) and then referred to by id, in display order. A photo URL
 * this service handed out (`/api/photos/<id>/display`) is accepted in place of its id.
 */
export const photoIdPattern = /^[a-f0-9]{32}$/;
export function photoIdFromReference(reference: string): string | null {
  const trimmed = reference.trim();
  if (photoIdPattern.test(trimmed)) return trimmed;
  const match = /\/photos\/([a-f0-9]{32})(?:\/[a-z]+)?\/?(?:[?#].*)?$/.exec(trimmed);
  return match?.[1] ?? null;
}
export const photoReferencesSchema = z
  .array(z.string({ error: ProfileMessages.photoUnknown }), { error: ProfileMessages.photos })
  .max(ProfileLimits.photosMax, ProfileMessages.photos)
  .transform((list, ctx) => {
    const ids: string[] = [];
    for (const reference of list) {
      const id = photoIdFromReference(reference);
      if (!id) {
        ctx.addIssue({ code: 'custom', message: ProfileMessages.photoUnknown });
        return z.NEVER;
      }
      ids.push(id);
    }
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', message: ProfileMessages.photoDuplicate });
      return z.NEVER;
    }
    return ids;
  });

/** Onboarding's save (spec point 3 'Onboarding update'). A missing gender is the Skip default. */
export const onboardingUpdateSchema = z.object({
  gender: genderSchema.nullish().transform((gender) => gender ?? DefaultGender),
  /** Omitted: keep the photos uploaded so far, in upload order. */
  photos: photoReferencesSchema.optional(),
  kinks: kinksSchema.default([]),
  interests: interestsSchema.default([]),
  bio: optionalBioSchema,
});
export type OnboardingUpdateInput = z.input<typeof onboardingUpdateSchema>;
export type OnboardingUpdate = z.output<typeof onboardingUpdateSchema>;

/** The profile edit dialog's save (spec point 3 'Profile update'); name and age belong to auth. */
export const profileUpdateSchema = z.object({
  name: nameSchema,
  age: ageSchema,
  bio: optionalBioSchema,
  /** Omitted: keep the photos as they are. */
  photos: photoReferencesSchema.optional(),
  gender: z.enum(Genders, { error: ProfileMessages.gender }),
  kinks: kinksSchema,
  interests: interestsSchema,
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
/** The part of a profile update the profile service owns. */
export const profileDetailsUpdateSchema = profileUpdateSchema.omit({ name: true, age: true });
export type ProfileDetailsUpdate = z.output<typeof profileDetailsUpdateSchema>;

export const locationSchema = z.object({
  latitude: z.number({ error: ProfileMessages.latitude }).min(-90, ProfileMessages.latitude).max(90, ProfileMessages.latitude),
  longitude: z.number({ error: ProfileMessages.longitude }).min(-180, ProfileMessages.longitude).max(180, ProfileMessages.longitude),
  location: z
    .string({ error: ProfileMessages.locationText })
    .trim()
    .max(ProfileLimits.locationTextMax, ProfileMessages.locationText)
    .nullish()
    .transform((text) => (text ? text : null)),
});
export type LocationInput = z.input<typeof locationSchema>;
export type Location = z.output<typeof locationSchema>;

export const notificationPreferencesSchema = z.object({
  matches: z.boolean({ error: ProfileMessages.notificationPreference }),
  messages: z.boolean({ error: ProfileMessages.notificationPreference }),
  likes: z.boolean({ error: ProfileMessages.notificationPreference }),
  marketing: z.boolean({ error: ProfileMessages.notificationPreference }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const DefaultNotificationPreferences: NotificationPreferences = { matches: true, messages: true, likes: false, marketing: false };

export const timeZoneSchema = z.string({ error: ProfileMessages.timeZone }).trim().refine(isValidTimeZone, ProfileMessages.timeZone);
/** The time zone as an input of its own, so a refusal names its field. */
export const timeZoneInputSchema = z.object({ timeZone: timeZoneSchema });

// --- Coarse positions: what other contexts may know of where someone is -----------------------------

const EARTH_RADIUS_KM = 6371;
/** Edge of a grid cell, in km (decisions.md: about 1 km). */
export const GRID_CELL_KM = 1;
const DEGREES_PER_KM = 180 / (Math.PI * EARTH_RADIUS_KM);
const LATITUDE_STEP = GRID_CELL_KM * DEGREES_PER_KM;
const ROWS_FROM_POLE_TO_POLE = Math.ceil(180 / LATITUDE_STEP);

export interface GridCell {
  /** Row counted from the south pole. */
  row: number;
  /** Column counted eastwards from longitude -180 within the row. */
  col: number;
}
export interface CoarsePosition {
  cell: GridCell;
  /** The centre of the cell: the only coordinates that ever leave the profile service. */
  latitude: number;
  longitude: number;
}

/** Columns in a row: cells keep an edge of about GRID_CELL_KM east-west even near the poles. */
function columnsInRow(row: number): number {
  const centreLatitude = -90 + (row + 0.5) * LATITUDE_STEP;
  const circumferenceKm = 2 * Math.PI * EARTH_RADIUS_KM * Math.cos((centreLatitude * Math.PI) / 180);
  return Math.max(1, Math.floor(circumferenceKm / GRID_CELL_KM));
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** Snaps an exact position to the centre of its ~1 km grid cell. */
export function snapToGrid(latitude: number, longitude: number): CoarsePosition {
  const row = Math.min(ROWS_FROM_POLE_TO_POLE - 1, Math.max(0, Math.floor((latitude + 90) / LATITUDE_STEP)));
  const columns = columnsInRow(row);
  const normalisedLongitude = ((((longitude + 180) % 360) + 360) % 360) / 360;
  const col = Math.min(columns - 1, Math.floor(normalisedLongitude * columns));
  return {
    cell: { row, col },
    latitude: round6(Math.min(90, -90 + (row + 0.5) * LATITUDE_STEP)),
    longitude: round6(-180 + ((col + 0.5) * 360) / columns),
  };
}

/** Great-circle distance (haversine, Earth radius 6371 km) in km, unrounded. */
export function greatCircleKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The distance other people are shown: both ends snapped to the grid first, then rounded to whole km,
 * so that moving one's own (spoofed) position around reveals nothing finer than the other's cell.
 */
export function coarseDistanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const from = snapToGrid(a.latitude, a.longitude);
  const to = snapToGrid(b.latitude, b.longitude);
  return Math.round(greatCircleKm(from, to));
}

// --- Integration events on `profile.events` -----------------------------------------------------------

export const PublicPhotoV1 = z.object({ id: z.string(), url: z.string(), thumbnailUrl: z.string() });
export type PublicPhotoV1 = z.infer<typeof PublicPhotoV1>;

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

/** The person's IANA time zone (the swipe window and quota resets follow it). */
export const TimeZoneSetV1 = z.object({ userId: z.number().int().positive(), timeZone: z.string() });
export type TimeZoneSetV1 = z.infer<typeof TimeZoneSetV1>;

/** Everything the profile context held about the person was erased. */
export const ProfileErasedV1 = z.object({ userId: z.number().int().positive(), erasedAt: z.string() });
export type ProfileErasedV1 = z.infer<typeof ProfileErasedV1>;

/** Everything about the person's profile is personal on the bus: gender, bio, photos, kinks, interests, cell, time zone. */
const publicProfilePersonal = ['gender', 'bio', 'photos', 'kinks', 'interests'] as const;

export const ProfileEvents = {
  ProfileCreated: integrationContract({ type: 'ProfileCreated', version: 1, schema: ProfileCreatedV1, personal: [] }),
  OnboardingCompleted: integrationContract({ type: 'OnboardingCompleted', version: 1, schema: OnboardingCompletedV1, personal: publicProfilePersonal }),
  ProfileUpdated: integrationContract({ type: 'ProfileUpdated', version: 1, schema: ProfileUpdatedV1, personal: publicProfilePersonal }),
  ProfilePhotosChanged: integrationContract({ type: 'ProfilePhotosChanged', version: 1, schema: ProfilePhotosChangedV1, personal: ['photos'] }),
  LocationUpdated: integrationContract({ type: 'LocationUpdated', version: 1, schema: LocationUpdatedV1, personal: ['cell', 'latitude', 'longitude'] }),
  TimeZoneSet: integrationContract({ type: 'TimeZoneSet', version: 1, schema: TimeZoneSetV1, personal: ['timeZone'] }),
  ProfileErased: integrationContract({ type: 'ProfileErased', version: 1, schema: ProfileErasedV1, personal: [] }),
} as const;
