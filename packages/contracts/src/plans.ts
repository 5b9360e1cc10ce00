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
