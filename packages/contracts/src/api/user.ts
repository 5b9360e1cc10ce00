import { z } from 'zod';
import { notificationPreferencesSchema } from '../profileInputs';

// The user as the REST facade answers it (`/api/auth/*`, `/api/user/*`, `/api/profile`): the shape they
// answer, and the GraphQL selection the routes run on the supergraph to make it, shared by the auth and
// profile routes.

/** The account part of a user (auth's fields): what sign-up and sign-in answer. */
export const ACCOUNT_FIELDS = 'id username email name age createdAt';

export const accountUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  age: z.number().int(),
  createdAt: z.string().describe('ISO 8601 instant'),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

/** The signed-in user as every profile call answers it: auth's fields and the profile's, from one query. */
export const CURRENT_USER_FIELDS = `${ACCOUNT_FIELDS} gender bio photos { url } avatarUrl kinks interests nightOwlScore isOnline lastSeen
  location latitude longitude isVerified onboardingCompleted notificationPreferences { matches messages likes marketing } timeZone stats { likes matches } publicCity discovery { visible missing }`;

export interface CurrentUserData extends AccountUser {
  gender: string | null;
  bio: string | null;
  photos: Array<{ url: string }>;
  avatarUrl: string;
  kinks: string[];
  interests: string[];
  nightOwlScore: number;
  isOnline: boolean;
  lastSeen: string | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  isVerified: boolean;
  onboardingCompleted: boolean;
  notificationPreferences: { matches: boolean; messages: boolean; likes: boolean; marketing: boolean } | null;
  timeZone: string | null;
  stats: UserStats | null;
  publicCity: string | null;
  discovery: { visible: boolean; missing: 'ONBOARDING' | 'POSITION' | null } | null;
}

const statsSchema = z.object({
  likes: z.number().int().describe('Likes received'),
  matches: z.number().int(),
});
type UserStats = z.infer<typeof statsSchema>;

export const currentUserSchema = accountUserSchema.extend({
  gender: z.string().nullable().describe('Male, Female or Other; null until onboarding'),
  bio: z.string().nullable(),
  photos: z.array(z.string()).describe('Display URLs in order (at most 6); the thumbnail is the same URL ending in /thumb'),
  avatarUrl: z.string().describe('The first photo, or a generated avatar with the initials'),
  kinks: z.array(z.string()),
  interests: z.array(z.string()),
  nightOwlScore: z.number().int().describe('0 to 10'),
  isOnline: z.boolean().describe('Active tonight (a live connection since 8:00 PM on their clock)'),
  lastSeen: z.string().nullable().describe('ISO 8601 instant'),
  location: z.string().nullable().describe('The place text; only ever shown to its owner'),
  latitude: z.number().nullable().describe('Exact; only ever shown to its owner'),
  longitude: z.number().nullable().describe('Exact; only ever shown to its owner'),
  isVerified: z.boolean(),
  onboardingCompleted: z.boolean(),
  notificationPreferences: notificationPreferencesSchema.nullable(),
  timeZone: z.string().nullable().describe('IANA time zone'),
  stats: statsSchema,
  publicCity: z.string().nullable().describe('The city the person chose to show on their card'),
  discovery: z
    .object({
      visible: z.boolean().describe("Whether other people's decks can show the person"),
      missing: z.enum(['onboarding', 'position']).nullable().describe('What is missing before they can: onboarding, or a position (the device location or a chosen city)'),
    })
    .describe('decisions.md, Discovery'),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Sign-up and sign-in: the account part only. */
export const accountAnswerSchema = z.object({ user: accountUserSchema });
export type AccountAnswer = z.infer<typeof accountAnswerSchema>;

/** `GET /api/auth/user` and every profile save: the whole signed-in user. */
export const currentUserAnswerSchema = z.object({ user: currentUserSchema });
export type CurrentUserAnswer = z.infer<typeof currentUserAnswerSchema>;

/** The spec's user: photos as a list of display URLs, plus the counts of the profile screen. */
export function toCurrentUser(data: CurrentUserData): CurrentUser {
  // The swipe service answers stats to their owner only, and the current user is always the owner.
  const discovery = data.discovery ?? { visible: false, missing: 'ONBOARDING' };
  const user: CurrentUser = {
    ...data,
    photos: data.photos.map((photo) => photo.url),
    stats: data.stats ?? { likes: 0, matches: 0 },
    discovery: { visible: discovery.visible, missing: discovery.missing === null ? null : discovery.missing === 'ONBOARDING' ? 'onboarding' : 'position' },
  };
  // In the schema's order, however the data was put together (the profile edit merges two reads).
  return Object.fromEntries(Object.keys(currentUserSchema.shape).map((field) => [field, user[field as keyof CurrentUser]])) as CurrentUser;
}
