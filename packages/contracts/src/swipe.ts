import { z } from 'zod';
import { integrationContract } from './envelope';
import { Genders, interestsSchema, kinksSchema } from './profile';

// --- Plans and quotas (decisions.md "Swipe window, quotas and plans"; spec point 9) ------------------

export const PlanIds = ['free', 'nightPass', 'plus', 'max'] as const;
export type PlanId = (typeof PlanIds)[number];
export const planIdSchema = z.enum(PlanIds);

export const Billings = ['weekly', 'monthly'] as const;
export type Billing = (typeof Billings)[number];

/** What a plan allows; `null` is unlimited. The server enforces these, the client only explains them. */
export interface PlanAllowance {
  likesPerNight: number | null;
  superLikesPerNight: number;
  /** Conversations a person may write in per night. */
  activeChatsPerNight: number | null;
  /** Kink and interest filters on the deck. */
  advancedFilters: boolean;
  /** Who liked me, unblurred in the Day Lobby. */
  seeLikes: boolean;
  readReceipts: boolean;
}

export const planAllowances: Readonly<Record<PlanId, PlanAllowance>> = {
  free: { likesPerNight: 30, superLikesPerNight: 0, activeChatsPerNight: 1, advancedFilters: false, seeLikes: false, readReceipts: false },
  nightPass: { likesPerNight: null, superLikesPerNight: 1, activeChatsPerNight: null, advancedFilters: false, seeLikes: true, readReceipts: false },
  plus: { likesPerNight: null, superLikesPerNight: 3, activeChatsPerNight: null, advancedFilters: false, seeLikes: true, readReceipts: true },
  max: { likesPerNight: null, superLikesPerNight: 5, activeChatsPerNight: null, advancedFilters: true, seeLikes: true, readReceipts: true },
};

/** A Night Pass lasts 24 hours from the moment it is chosen; the others last until changed. */
export const NIGHT_PASS_DURATION_MS = 24 * 3600_000;

/** The nudge banner appears when this many likes are left (spec point 9). */
export const LIKES_NUDGE_REMAINING = 5;

export const planNames: Readonly<Record<PlanId, string>> = { free: 'Free', nightPass: 'Night Pass', plus: 'Plus', max: 'Max' };

// --- Upgrade triggers (spec point 9) ------------------------------------------------------------------

export const UpgradeTriggers = ['likes-limit', 'super-likes-used', 'night-boost', 'see-likes', 'read-receipts', 'advanced-filters', 'chat-limit'] as const;
export type UpgradeTrigger = (typeof UpgradeTriggers)[number];

export const suggestedPlanFor: Readonly<Record<UpgradeTrigger, PlanId>> = {
  'likes-limit': 'nightPass',
  'super-likes-used': 'plus',
  'night-boost': 'plus',
  'see-likes': 'nightPass',
  'read-receipts': 'plus',
  'advanced-filters': 'max',
  // decisions.md: free people write in one conversation a night; Night Pass lifts it for the night.
  'chat-limit': 'nightPass',
};

/**
 * Why the server refused a swipe or a filter: the stable `reason` of a LIMIT_REACHED error. Each but
 * `window-closed` is also an upgrade trigger.
 */
export const LimitReasons = ['likes-limit', 'super-likes-used', 'advanced-filters', 'window-closed', 'chat-limit'] as const;
export type LimitReason = (typeof LimitReasons)[number];

// --- The swipe window (decisions.md: 20:00 to 04:00 in the person's own time zone) --------------------

export const WINDOW_OPENS_HOUR = 20;
export const WINDOW_CLOSES_HOUR = 4;

/** `always`: the round-the-clock demo (`SWIPE_WINDOW=always`); `nightly`: the real window. */
export const SwipeWindowModes = ['nightly', 'always'] as const;
export type SwipeWindowMode = (typeof SwipeWindowModes)[number];

export interface LocalTime {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time at `instant` in `timeZone`. */
export function localTime(instant: Date, timeZone: string): LocalTime {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** The instant at which the wall clock of `timeZone` shows the given local time (DST gaps move forward). */
export function instantOf(local: Omit<LocalTime, 'second' | 'minute'> & { minute?: number; second?: number }, timeZone: string): Date {
  const wanted = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute ?? 0, local.second ?? 0);
  let guess = wanted;
  // Two corrections settle any offset, including a DST change between the guess and the answer.
  for (let i = 0; i < 2; i++) {
    const seen = localTime(new Date(guess), timeZone);
    const shown = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second);
    guess += wanted - shown;
  }
  return new Date(guess);
}

/** Night-time, one rule everywhere: from 20:00 until 04:00 on the person's own clock. */
export function isNightTime(instant: Date, timeZone: string): boolean {
  const { hour } = localTime(instant, timeZone);
  return hour >= WINDOW_OPENS_HOUR || hour < WINDOW_CLOSES_HOUR;
}

export const isSwipeWindowOpen = (instant: Date, timeZone: string, mode: SwipeWindowMode) => mode === 'always' || isNightTime(instant, timeZone);

const addDays = (local: { year: number; month: number; day: number }, days: number) => {
  const date = new Date(Date.UTC(local.year, local.month - 1, local.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};

/** The next 8:00 PM on the person's clock strictly after `instant`. */
export function nextWindowOpening(instant: Date, timeZone: string): Date {
  const now = localTime(instant, timeZone);
  const today = instantOf({ year: now.year, month: now.month, day: now.day, hour: WINDOW_OPENS_HOUR }, timeZone);
  if (today.getTime() > instant.getTime()) return today;
  return instantOf({ ...addDays(now, 1), hour: WINDOW_OPENS_HOUR }, timeZone);
}

/**
 * Which night's quota `instant` counts against: the local date of the last 8:00 PM at or before it
 * ('2026-11-23' from 20:00 on the 23rd until 19:59:59 on the 24th). Quotas reset at 20:00 local.
 */
export function quotaNight(instant: Date, timeZone: string): string {
  const now = localTime(instant, timeZone);
  const day = now.hour >= WINDOW_OPENS_HOUR ? now : addDays(now, -1);
  return `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
}

// --- Countdown (the top bar, the closed deck) ---------------------------------------------------------

export interface Countdown {
  hours: number;
  minutes: number;
  seconds: number;
}

export function countdownTo(target: Date, now: Date): Countdown {
  const totalSeconds = Math.max(0, Math.ceil((target.getTime() - now.getTime()) / 1000));
  return { hours: Math.floor(totalSeconds / 3600), minutes: Math.floor((totalSeconds % 3600) / 60), seconds: totalSeconds % 60 };
}

const twoDigits = (n: number) => String(n).padStart(2, '0');
export const formatCountdown = ({ hours, minutes, seconds }: Countdown) => `${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(seconds)}`;

/** Spoken form for screen readers, e.g. "5 hours, 2 minutes, 9 seconds". */
export function describeCountdown({ hours, minutes, seconds }: Countdown): string {
  const unit = (n: number, name: string) => `${n} ${name}${n === 1 ? '' : 's'}`;
  return [unit(hours, 'hour'), unit(minutes, 'minute'), unit(seconds, 'second')].join(', ');
}

// --- Swipes and the deck --------------------------------------------------------------------------

/** Right is a like, left a pass, up a super-like (a like that the other person sees marked). */
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
  ageRange: `Age range must be two whole numbers from ${FilterLimits.ageMin} to ${FilterLimits.ageMax}, the first not above the second`,
  distance: `Distance must be a whole number of km from ${FilterLimits.distanceMinKm} to ${FilterLimits.distanceMaxKm}`,
  gender: 'Gender preference must be All Genders, Male, Female or Other',
  city: `City must be at most ${FilterLimits.cityMax} characters`,
  plan: 'Plan must be free, nightPass, plus or max',
  matchNotFound: 'No such match',
  blockSelf: "You can't block yourself",
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
});
export type DeckFilters = z.output<typeof deckFiltersSchema>;
export type DeckFiltersInput = z.input<typeof deckFiltersSchema>;
export const defaultDeckFilters: DeckFilters = deckFiltersSchema.parse({});
export const usesAdvancedFilters = (filters: Pick<DeckFilters, 'kinks' | 'interests'>) => filters.kinks.length > 0 || filters.interests.length > 0;

// --- Integration events on `swipe.events` ----------------------------------------------------------

/** A person swiped another; keyed by the swiper. */
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

/** A match ended: one of the two unmatched, or blocked the other. Keyed by the pair. */
export const MatchEndedV1 = z.object({
  matchId: z.number().int().positive(),
  userIds: z.tuple([z.number().int().positive(), z.number().int().positive()]),
  endedBy: z.number().int().positive(),
  reason: z.enum(['unmatch', 'block']),
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

/** Ids, kinds and times only: nothing here is sealed (who liked whom stays between the services). */
export const SwipeEvents = {
  SwipeRecorded: integrationContract({ type: 'SwipeRecorded', version: 1, schema: SwipeRecordedV1, personal: [] }),
  MatchCreated: integrationContract({ type: 'MatchCreated', version: 1, schema: MatchCreatedV1, personal: [] }),
  PlanChanged: integrationContract({ type: 'PlanChanged', version: 1, schema: PlanChangedV1, personal: [] }),
  MatchEnded: integrationContract({ type: 'MatchEnded', version: 1, schema: MatchEndedV1, personal: [] }),
  PersonBlocked: integrationContract({ type: 'PersonBlocked', version: 1, schema: PersonBlockedV1, personal: [] }),
} as const;
