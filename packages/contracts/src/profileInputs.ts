import { z } from 'zod';
import { DefaultGender, Genders, Interests, Kinks, type Kink } from './catalogues';
import { ProfileLimits } from './limits';
import { Messages, ageSchema, nameSchema } from './validation';

/** The profile's input rules and their messages: one definition for the client's forms, the REST facade and the services. */

export const ProfileMessages = {
  gender: `Gender must be one of ${Genders.join(', ')}`,
  genderRequired: 'Please choose a gender',
  bio: `Bio must be at most ${ProfileLimits.bioMax} characters`,
  photos: `You can add at most ${ProfileLimits.photosMax} photos`,
  photoUnknown: 'That photo does not belong to your profile',
  photoDuplicate: 'Each photo can appear only once',
  photoOrder: 'List each of your photos once, in the order to show them',
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
  locationTooFarTooSoon: 'That position is too far from your last one to have travelled there yet. Please try again later.',
  notificationPreference: 'Notification preferences must be true or false',
  publicCity: `City must be a place name of at most ${ProfileLimits.publicCityMax} characters`,
  kinkAudience: 'Choose everyone or only people who share it',
  kinkVisibilityDuplicate: 'Each kink can have only one choice',
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
export const kinkSchema = z.preprocess((kink) => (typeof kink === 'string' ? (KinkAliases[kink] ?? kink) : kink), z.enum(Kinks, { error: ProfileMessages.kinks }));
export const kinksSchema = z.array(kinkSchema, { error: ProfileMessages.kinks }).refine(withoutDuplicates, ProfileMessages.kinkDuplicate);
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

/** A new order of the person's photos (every one of them, once); the first is the main photo. */
export const photoOrderSchema = z.object({ photos: photoReferencesSchema });
export type PhotoOrderInput = z.input<typeof photoOrderSchema>;

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

/** The profile edit dialog's save (spec point 3 'Profile update'). The profile service takes it whole; auth follows its name and age. */
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
/** The public profile's part of a profile update. */
export const profileDetailsUpdateSchema = profileUpdateSchema.omit({ name: true, age: true });
export type ProfileDetailsUpdate = z.output<typeof profileDetailsUpdateSchema>;
/** The account's part of a profile update: the name and age the auth context follows. */
export const accountDetailsSchema = profileUpdateSchema.pick({ name: true, age: true });
export type AccountDetails = z.output<typeof accountDetailsSchema>;

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

/**
 * Kinks shown by mutual consent: who sees each of a person's kinks. `everyone` (the default) or only
 * `sharers`, people who have that kink too. `audience` holds for every kink; `perKink` overrides it one by
 * one (a choice for a kink the person does not have yet waits until they add it).
 */
export const KinkAudiences = ['everyone', 'sharers'] as const;
export type KinkAudience = (typeof KinkAudiences)[number];
export interface KinkVisibility {
  audience: KinkAudience;
  perKink: Array<{ kink: string; audience: KinkAudience }>;
}
export const DefaultKinkVisibility: KinkVisibility = { audience: 'everyone', perKink: [] };

const kinkAudienceSchema = z.enum(KinkAudiences, { error: ProfileMessages.kinkAudience });
export const kinkVisibilitySchema = z.object({
  audience: kinkAudienceSchema,
  perKink: z
    .array(z.object({ kink: kinkSchema, audience: kinkAudienceSchema }), { error: ProfileMessages.kinks })
    .max(Kinks.length, ProfileMessages.kinkVisibilityDuplicate)
    .refine((choices) => withoutDuplicates(choices.map((choice) => choice.kink)), ProfileMessages.kinkVisibilityDuplicate)
    .default([]),
}) satisfies z.ZodType<KinkVisibility, unknown>;

/** Who sees `kink` of a person with this `visibility`. */
export function audienceOfKink(visibility: KinkVisibility | null | undefined, kink: string): KinkAudience {
  const rule = visibility ?? DefaultKinkVisibility;
  return rule.perKink.find((choice) => choice.kink === kink)?.audience ?? rule.audience;
}

/** The kinks everyone may see (and may filter the deck on). */
export const publicKinks = (kinks: readonly string[], visibility: KinkVisibility | null | undefined): string[] =>
  kinks.filter((kink) => audienceOfKink(visibility, kink) === 'everyone');

/** The kinks a viewer with `viewerKinks` may see: the public ones, and those hidden from all but people who share them that the viewer has. */
export const kinksVisibleTo = (kinks: readonly string[], visibility: KinkVisibility | null | undefined, viewerKinks: ReadonlySet<string>): string[] =>
  kinks.filter((kink) => viewerKinks.has(kink) || audienceOfKink(visibility, kink) === 'everyone');

/**
 * The city a person chooses to show on their card (spec: 'location text or distance'). Only what they
 * type here is shown, never their place text or position. Empty or null: no city shown.
 */
export const publicCitySchema = z.object({
  city: z
    .string({ error: ProfileMessages.publicCity })
    .trim()
    .max(ProfileLimits.publicCityMax, ProfileMessages.publicCity)
    .refine((city) => city === '' || /\p{L}/u.test(city), ProfileMessages.publicCity)
    .refine((city) => !/[\p{Cc}\p{Cf}]/u.test(city), ProfileMessages.publicCity)
    .nullish()
    .transform((city) => (city ? city : null)),
});
export type PublicCity = z.output<typeof publicCitySchema>;

export const timeZoneSchema = z.string({ error: ProfileMessages.timeZone }).trim().refine(isValidTimeZone, ProfileMessages.timeZone);
/** The time zone as an input of its own, so a refusal names its field. */
export const timeZoneInputSchema = z.object({ timeZone: timeZoneSchema });
