import { z } from 'zod';
import { Interests, Kinks } from '../catalogues';
import { Billings, PlanIds } from '../plans';
import { GenderPreferences } from '../swipe';
import { SwipeWindowModes } from '../swipeWindow';

// The swipe service's REST answers: deck, swipes, matches, plan, quota, window, filters, likes.

/** One card of `GET /api/profiles`. */
export const deckProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  age: z.number().int(),
  photos: z.array(z.string()).describe('Display URLs in order; empty when the person uploaded none'),
  bio: z.string().nullable(),
  kinks: z.array(z.string()),
  interests: z.array(z.string()),
  location: z.string().nullable().describe('A city the person chose to show; never a position'),
  distance: z.number().int().nullable().describe('Whole km between ~1 km grid cells; null when either person shared no location'),
  isOnline: z.boolean().describe('Active tonight (a live connection since 8:00 PM on their clock): never whether they are online now, nor when'),
  isVerified: z.boolean(),
  nightOwlScore: z.number().int().describe('0 to 10'),
  superLikedYou: z.boolean().describe('This person super-liked the signed-in user'),
  sharedKinks: z.array(z.string()).describe('Kinks both have'),
  photosHidden: z.boolean().describe('Voice-only mode (Max): `photos` is empty until the two match'),
  voiceIntro: z.object({ url: z.string(), durationSeconds: z.number().int() }).nullable().describe("The person's voice intro, if they recorded one"),
});
export type DeckProfile = z.infer<typeof deckProfileSchema>;
export const deckAnswerSchema = z.array(deckProfileSchema);

/** Another person as a match or a like shows them. */
const personSummarySchema = z.object({ id: z.number().int(), name: z.string(), photo: z.string().describe('First photo, or a generated avatar') });

export const matchSchema = z.object({
  id: z.number().int(),
  user1Id: z.number().int(),
  user2Id: z.number().int(),
  createdAt: z.string().describe('ISO 8601 instant'),
  otherUser: personSummarySchema,
  superLikedYou: z.boolean(),
});
export type Match = z.infer<typeof matchSchema>;
export const matchesAnswerSchema = z.array(matchSchema);

export const quotaSchema = z.object({
  plan: z.enum(PlanIds),
  night: z.string().describe('The quota night: local date of the last 8:00 PM'),
  likesPerNight: z.number().int().nullable().describe('null: unlimited'),
  likesUsed: z.number().int(),
  likesRemaining: z.number().int().nullable(),
  superLikesPerNight: z.number().int(),
  superLikesUsed: z.number().int(),
  resetsAt: z.string().describe('The next 8:00 PM on your clock'),
});
export type Quota = z.infer<typeof quotaSchema>;

/** `POST /api/swipes`. */
export const swipeResultSchema = z.object({ isMatch: z.boolean(), matchId: z.number().int().nullable(), match: matchSchema.nullable(), quota: quotaSchema });
export type SwipeResult = z.infer<typeof swipeResultSchema>;

/** `GET /api/plan` and `POST /api/plan`. */
export const membershipSchema = z.object({
  plan: z.enum(PlanIds),
  billing: z.enum(Billings).nullable(),
  expiresAt: z.string().nullable().describe('When a Night Pass runs out'),
  isPremium: z.boolean(),
});
export type Membership = z.infer<typeof membershipSchema>;

/** `GET /api/swipe-window`. */
export const swipeWindowInfoSchema = z.object({
  open: z.boolean(),
  mode: z.enum(SwipeWindowModes),
  opensAt: z.string().describe('The next 8:00 PM on your clock (ISO 8601)'),
  timeZone: z.string().describe('The IANA zone the server follows for you'),
  now: z.string().describe("The server's clock (ISO 8601), to correct the client's"),
});
export type SwipeWindowInfo = z.infer<typeof swipeWindowInfoSchema>;

/** `GET` and `PUT /api/deck-filters`: the spec's shape (what the PUT takes, with every default filled in). */
export const deckFiltersAnswerSchema = z.object({
  gender: z.enum(GenderPreferences),
  ageRange: z.tuple([z.number().int(), z.number().int()]),
  distance: z.number().int(),
  city: z.string(),
  kinks: z.array(z.enum(Kinks)),
  interests: z.array(z.enum(Interests)),
  voiceOnly: z.boolean(),
  nightOwl: z.boolean().describe('Max: closest night-owl scores first within each distance band'),
});
export type DeckFiltersAnswer = z.infer<typeof deckFiltersAnswerSchema>;

export const likeReceivedSchema = z.object({ superLike: z.boolean(), user: personSummarySchema, likedAt: z.string().describe('ISO 8601 instant') });
export type LikeReceived = z.infer<typeof likeReceivedSchema>;

/** `GET /api/likes`: on the free plan (`visible` false) only the count. */
export const likesReceivedSchema = z.object({
  visible: z.boolean().describe('False on the free plan'),
  count: z.number().int(),
  likes: z.array(likeReceivedSchema).describe('Empty on the free plan'),
});
export type LikesReceived = z.infer<typeof likesReceivedSchema>;

/** `GET` and `POST /api/moon-boost`: 30 minutes first in nearby decks, per the plan's allowance. */
export const moonBoostSchema = z.object({
  active: z.object({ startedAt: z.string(), endsAt: z.string() }).nullable().describe('The boost running now'),
  allowance: z.number().int().describe('Boosts the plan gives per period; 0 without them'),
  left: z.number().int().describe('Left in this period'),
  renewsAt: z.string().nullable().describe('When the period renews (ISO 8601)'),
  last: z.object({ startedAt: z.string(), endsAt: z.string(), viewers: z.number().int().describe('Different people whose deck showed the card while it ran') }).nullable(),
});
export type MoonBoostAnswer = z.infer<typeof moonBoostSchema>;
