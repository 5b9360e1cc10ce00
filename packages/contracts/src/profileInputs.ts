import { z } from 'zod';
import { DefaultGender, Genders, Interests, Kinks, type Kink } from './catalogues';
import { Limits, Messages, ageSchema, nameSchema } from './validation';

/** The profile's input rules and their messages: one definition for the client's forms, the REST facade and the services. */
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
