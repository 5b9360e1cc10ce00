// No zod here: the client imports this module on its own (`@nocturne/contracts/plans`) on screens that
// must stay light. Schemas of these values live beside their use (planIdSchema: swipe.ts).

// --- Plans and quotas (decisions.md "Swipe window, quotas and plans"; spec point 9) ------------------

export const PlanIds = ['free', 'nightPass', 'plus', 'max'] as const;
export type PlanId = (typeof PlanIds)[number];

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
  /** Moon-Boosts (30 minutes first in nearby decks) per allowance period; null: none. */
  moonBoosts: PeriodAllowance | null;
  /** Time-Freeze tokens (a fading match kept one night longer) per allowance period; null: none. */
  timeFreezes: PeriodAllowance | null;
  /** Swiping outside 20:00-04:00 while the plan lasts. */
  dayAccess: boolean;
  /** The liker's card comes first in the liked person's deck the next time it is read. */
  priorityLikes: boolean;
  /** The deck filter that orders by closeness of night-owl scores within each distance band. */
  nightOwlMatching: boolean;
  /** The deck mode that shows voice intros and no photos until a match. */
  voiceOnlyMatches: boolean;
  /** Support requests answered first. */
  prioritySupport: boolean;
}

/** A countable allowance that renews each period (decisions.md "What each plan delivers"). */
export interface PeriodAllowance {
  count: number;
  per: AllowancePeriod;
}
export type AllowancePeriod = 'week' | 'month';

const noExtras = { moonBoosts: null, timeFreezes: null, dayAccess: false, priorityLikes: false, nightOwlMatching: false, voiceOnlyMatches: false, prioritySupport: false } as const;

export const planAllowances: Readonly<Record<PlanId, PlanAllowance>> = {
  free: { likesPerNight: 30, superLikesPerNight: 0, activeChatsPerNight: 1, advancedFilters: false, seeLikes: false, readReceipts: false, ...noExtras },
  nightPass: { likesPerNight: null, superLikesPerNight: 1, activeChatsPerNight: null, advancedFilters: false, seeLikes: true, readReceipts: false, ...noExtras, dayAccess: true, priorityLikes: true },
  plus: {
    likesPerNight: null, superLikesPerNight: 3, activeChatsPerNight: null, advancedFilters: false, seeLikes: true, readReceipts: true,
    ...noExtras, moonBoosts: { count: 1, per: 'week' }, priorityLikes: true, prioritySupport: true,
  },
  max: {
    likesPerNight: null, superLikesPerNight: 5, activeChatsPerNight: null, advancedFilters: true, seeLikes: true, readReceipts: true,
    moonBoosts: { count: 5, per: 'month' }, timeFreezes: { count: 7, per: 'month' }, dayAccess: false, priorityLikes: true,
    nightOwlMatching: true, voiceOnlyMatches: true, prioritySupport: true,
  },
};

/** How long a Moon-Boost puts the member's card first in nearby decks. */
export const MOON_BOOST_DURATION_MS = 30 * 60_000;

/** How long after a pass (server clock) it can be taken back: the last pass, once, on every plan. */
export const PASS_UNDO_MS = 10_000;

/**
 * The allowance period that contains `now`, for a plan chosen at `chosenAt` (decisions.md: monthly
 * allowances renew on the day of the month the plan was chosen, weekly ones seven days after). A month
 * without that day renews on its last day (chosen on the 31st: 30 April, 28 or 29 February), at the time
 * of day it was chosen, in UTC: a period counts what the person did, not their clock or zone.
 */
export function allowancePeriod(chosenAt: Date, now: Date, per: AllowancePeriod): { start: Date; end: Date } {
  if (per === 'week') {
    const week = 7 * 24 * 3600_000;
    const elapsed = Math.max(0, Math.floor((now.getTime() - chosenAt.getTime()) / week));
    const start = new Date(chosenAt.getTime() + elapsed * week);
    return { start, end: new Date(start.getTime() + week) };
  }
  const monthsBetween = (now.getUTCFullYear() - chosenAt.getUTCFullYear()) * 12 + now.getUTCMonth() - chosenAt.getUTCMonth();
  let months = Math.max(0, monthsBetween);
  if (addMonths(chosenAt, months).getTime() > now.getTime()) months = Math.max(0, months - 1);
  return { start: addMonths(chosenAt, months), end: addMonths(chosenAt, months + 1) };
}

function addMonths(from: Date, months: number): Date {
  const year = from.getUTCFullYear() + Math.floor((from.getUTCMonth() + months) / 12);
  const month = (from.getUTCMonth() + months) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(from.getUTCDate(), lastDay), from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()));
}

/** A Night Pass lasts 24 hours from the moment it is chosen; the others last until changed. */
export const NIGHT_PASS_DURATION_MS = 24 * 3600_000;

/** The nudge banner appears when this many likes are left (spec point 9). */
export const LIKES_NUDGE_REMAINING = 5;

export const planNames: Readonly<Record<PlanId, string>> = { free: 'Free', nightPass: 'Night Pass', plus: 'Plus', max: 'Max' };

// --- Upgrade triggers (spec point 9) ------------------------------------------------------------------

export const UpgradeTriggers = ['likes-limit', 'super-likes-used', 'night-boost', 'see-likes', 'read-receipts', 'advanced-filters', 'chat-limit', 'time-freeze'] as const;
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
  // Time-Freeze tokens (a fading match kept a night longer) come with Max only.
  'time-freeze': 'max',
};

/**
 * Why the server refused a swipe or a filter: the stable `reason` of a LIMIT_REACHED error. Each but
 * `window-closed` and `undo-expired` is also an upgrade trigger.
 */
export const LimitReasons = ['likes-limit', 'super-likes-used', 'advanced-filters', 'window-closed', 'chat-limit', 'time-freeze', 'undo-expired', 'night-boost'] as const;
export type LimitReason = (typeof LimitReasons)[number];
