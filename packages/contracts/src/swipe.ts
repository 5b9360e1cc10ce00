import { z } from 'zod';
import { Genders, ReportReasons } from './catalogues';
import { integrationContract } from './envelope';
import { PlanIds } from './plans';
import { interestsSchema, kinksSchema } from './profileInputs';

// --- Swipes and the deck --------------------------------------------------------------------------

/** Right is a like, left a pass, up a super-like (a like that the other person sees marked). */
export const planIdSchema = z.enum(PlanIds);

export const SwipeKinds = ['like', 'pass', 'superlike'] as const;
export type SwipeKind = (typeof SwipeKinds)[number];
export const isLikeKind = (kind: SwipeKind | undefined | null) => kind === 'like' || kind === 'superlike';

export const FilterLimits = {
  ageMin: 18,
  ageMax: 80,
  distanceMinKm: 1,
  distanceMaxKm: 200,
  cityMax: 80,
} as const;

export const GenderPreferences = ['all', ...Genders] as const;
export type GenderPreference = (typeof GenderPreferences)[number];

export const SwipeMessages = {
  self: "You can't swipe on yourself",
  unknownPerson: 'This person is no longer here',
  swipeKind: 'A swipe is a like, a pass or a super-like',
  windowClosed: 'Swiping opens at 8:00 PM',
  likesLimit: "You've used all your likes!",
  superLikesUsed: 'Super-Likes used up!',
  advancedFilters: 'Kink and interest filters come with Max',
  voiceOnly: 'Voice-only matches come with Max',
  voiceOnlyChoice: 'Voice-only must be true or false',
  ageRange: `Age range must be two whole numbers from ${FilterLimits.ageMin} to ${FilterLimits.ageMax}, the first not above the second`,
  distance: `Distance must be a whole number of km from ${FilterLimits.distanceMinKm} to ${FilterLimits.distanceMaxKm}`,
  gender: 'Gender preference must be All Genders, Male, Female or Other',
  city: `City must be at most ${FilterLimits.cityMax} characters`,
  plan: 'Plan must be free, nightPass, plus or max',
  matchNotFound: 'No such match',
  blockSelf: "You can't block yourself",
  noPassToUndo: 'There is no pass to undo',
  undoExpired: 'A pass can be undone for 10 seconds',
  moonBoostPlan: 'Moon-Boost comes with Plus and Max',
  nightOwl: 'Night-owl matching is on or off',
  nightOwlPlan: 'Night-owl matching comes with Max',
  moonBoostsUsed: 'No Moon-Boosts left until your plan renews',
  moonBoostRunning: 'Your Moon-Boost is already on',
} as const;

const filterAge = z.number({ error: SwipeMessages.ageRange }).int(SwipeMessages.ageRange).min(FilterLimits.ageMin, SwipeMessages.ageRange).max(FilterLimits.ageMax, SwipeMessages.ageRange);

/** The deck's filters (spec: 'Filter Your Matches'), kept per person on the server. */
export const deckFiltersSchema = z.object({
  gender: z.enum(GenderPreferences, { error: SwipeMessages.gender }).default('all'),
  ageRange: z
    .tuple([filterAge, filterAge], { error: SwipeMessages.ageRange })
    .refine(([min, max]) => min <= max, SwipeMessages.ageRange)
    .default([18, 60]),
  distance: z.number({ error: SwipeMessages.distance }).int(SwipeMessages.distance).min(FilterLimits.distanceMinKm, SwipeMessages.distance).max(FilterLimits.distanceMaxKm, SwipeMessages.distance).default(50),
  city: z.string({ error: SwipeMessages.city }).trim().max(FilterLimits.cityMax, SwipeMessages.city).default(''),
  kinks: kinksSchema.default([]),
  interests: interestsSchema.default([]),
  /** Max: the deck shows voice intros and no photos; photos appear once matched. */
  voiceOnly: z.boolean({ error: SwipeMessages.voiceOnlyChoice }).default(false),
  /** Max: within each distance band, the closest night-owl scores first. */
  nightOwl: z.boolean({ error: SwipeMessages.nightOwl }).default(false),
});
export type DeckFilters = z.output<typeof deckFiltersSchema>;
export type DeckFiltersInput = z.input<typeof deckFiltersSchema>;
export const defaultDeckFilters: DeckFilters = deckFiltersSchema.parse({});
export const usesAdvancedFilters = (filters: Pick<DeckFilters, 'kinks' | 'interests'>) => filters.kinks.length > 0 || filters.interests.length > 0;

// --- Integration events on `swipe.events` (and the swipes on `swipe.swipes`) -----------------------

/** A person swiped another; keyed by the swiper, on `swipe.swipes`. */
export const SwipeRecordedV1 = z.object({
  swipeId: z.string(),
  swiperId: z.number().int().positive(),
  swipedId: z.number().int().positive(),
  kind: z.enum(SwipeKinds),
  swipedAt: z.string(),
});
export type SwipeRecordedV1 = z.infer<typeof SwipeRecordedV1>;

/** Two people liked each other: exactly one per pair. Keyed by the pair. */
export const MatchCreatedV1 = z.object({
  matchId: z.number().int().positive(),
  /** Ascending. */
  userIds: z.tuple([z.number().int().positive(), z.number().int().positive()]),
  /** Who super-liked the other on the way (their card carried the mark). */
  superLikedBy: z.array(z.number().int().positive()),
  createdAt: z.string(),
});
export type MatchCreatedV1 = z.infer<typeof MatchCreatedV1>;

/** The person's plan changed (simulated; no payment). `expiresAt` is set for a Night Pass. */
export const PlanChangedV1 = z.object({
  userId: z.number().int().positive(),
  plan: planIdSchema,
  expiresAt: z.string().nullable(),
  changedAt: z.string(),
});
export type PlanChangedV1 = z.infer<typeof PlanChangedV1>;

/** A match ended: one of the two unmatched, or blocked the other, or it faded at dawn (the chat context's `MatchFaded`). Keyed by the pair. */
export const MatchEndedV1 = z.object({
  matchId: z.number().int().positive(),
  userIds: z.tuple([z.number().int().positive(), z.number().int().positive()]),
  /** Null when it faded: nobody ended it. */
  endedBy: z.number().int().positive().nullable(),
  reason: z.enum(['unmatch', 'block', 'faded']),
  endedAt: z.string(),
});
export type MatchEndedV1 = z.infer<typeof MatchEndedV1>;

/** One person blocked another: both are hidden from each other everywhere, for good. Keyed by the pair. */
export const PersonBlockedV1 = z.object({
  blockerId: z.number().int().positive(),
  blockedId: z.number().int().positive(),
  blockedAt: z.string(),
});
export type PersonBlockedV1 = z.infer<typeof PersonBlockedV1>;

/**
 * Someone reported a person seen on the deck (not necessarily a match), for moderation. `userId` is the
 * reporter: their words in `text` are sealed with their key. The chat service files it with its reports.
 * Keyed by the report.
 */
export const ProfileReportedV1 = z.object({
  reportId: z.string(),
  userId: z.number().int().positive(),
  reportedId: z.number().int().positive(),
  reason: z.enum(ReportReasons),
  text: z.string(),
  reportedAt: z.string(),
});
export type ProfileReportedV1 = z.infer<typeof ProfileReportedV1>;

/** Ids, kinds and times (who liked whom stays between the services); only a report's own words are sealed. */
export const SwipeEvents = {
  SwipeRecorded: integrationContract({ type: 'SwipeRecorded', version: 1, schema: SwipeRecordedV1, personal: [] }),
  MatchCreated: integrationContract({ type: 'MatchCreated', version: 1, schema: MatchCreatedV1, personal: [] }),
  PlanChanged: integrationContract({ type: 'PlanChanged', version: 1, schema: PlanChangedV1, personal: [] }),
  MatchEnded: integrationContract({ type: 'MatchEnded', version: 1, schema: MatchEndedV1, personal: [] }),
  PersonBlocked: integrationContract({ type: 'PersonBlocked', version: 1, schema: PersonBlockedV1, personal: [] }),
  ProfileReported: integrationContract({ type: 'ProfileReported', version: 1, schema: ProfileReportedV1, personal: ['text'] }),
} as const;
