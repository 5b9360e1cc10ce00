import { planAllowances, PlanIds, planNames, suggestedPlanFor, type Billing, type PeriodAllowance, type PlanId, type UpgradeTrigger } from '@nocturne/contracts/plans';

/**
 * Display texts and prices of the plans of spec point 9. What each plan allows is the contracts'
 * (`planAllowances`), which the server enforces; choosing one is simulated, no payment call exists.
 */
export type { Billing, PlanId };

export interface PlanPrice {
  amount: string;
  period: string;
}

export interface Plan {
  id: PlanId;
  name: string;
  badge?: string;
  tagline: string;
  price: (billing: Billing) => PlanPrice;
  features: readonly string[];
}

export const MONTHLY_SAVING_BADGE = 'Save 12%';
/** The membership card's price teaser: the Night Pass, the cheapest paid plan. */
export const FROM_PRICE = 'From $3.99';

const display: Readonly<Record<PlanId, Omit<Plan, 'id' | 'name'>>> = {
  free: {
    tagline: 'Dip a toe into the night',
    price: () => ({ amount: '$0', period: 'forever' }),
    features: ['30 likes per night', '1 active chat', 'Blurred likes in Day Lobby'],
  },
  nightPass: {
    tagline: 'One unforgettable night',
    price: () => ({ amount: '$3.99', period: 'for 24 hours' }),
    features: ['Unlimited likes for one night', 'Day access', 'Countdown timer', 'Priority matching'],
  },
  plus: {
    badge: 'Most Popular',
    tagline: 'Every night, no limits',
    price: (billing) => (billing === 'weekly' ? { amount: '$9.99', period: 'per week' } : { amount: '$34.99', period: 'per month' }),
    features: ['Unlimited likes and chats', '3 Super-Likes per night', '1 Moon-Boost per week', 'Read receipts', 'Priority support'],
  },
  max: {
    tagline: 'The whole night sky',
    price: () => ({ amount: '$34.99', period: 'per month' }),
    features: [
      'Everything in Plus',
      '5 boosts per month',
      '7 Time-Freeze tokens per month',
      'Advanced filters',
      'Night-owl score matching',
      'Voice-only matches',
      'Interest filtering',
    ],
  },
};

export const plans: readonly Plan[] = PlanIds.map((id) => ({ id, name: planNames[id], ...display[id] }));

type Row = readonly [string, string, string, string];
const perPlan = (value: (id: PlanId) => string): Row => PlanIds.map(value) as unknown as Row;
const yesNo = (yes: boolean) => (yes ? '✓' : '—');
const countOrUnlimited = (n: number | null) => (n === null ? 'Unlimited' : String(n));
const perPeriod = (allowance: PeriodAllowance | null) => (allowance ? `${allowance.count} per ${allowance.per}` : '—');

/** Rows of the comparison table, one value per plan in the order above; the limits come from the contracts. */
export const comparison: ReadonlyArray<{ feature: string; values: Row }> = [
  { feature: 'Likes per night', values: perPlan((id) => countOrUnlimited(planAllowances[id].likesPerNight)) },
  { feature: 'Active chats', values: perPlan((id) => countOrUnlimited(planAllowances[id].activeChatsPerNight)) },
  { feature: 'Super-Likes per night', values: perPlan((id) => String(planAllowances[id].superLikesPerNight)) },
  { feature: 'Moon-Boosts', values: perPlan((id) => perPeriod(planAllowances[id].moonBoosts)) },
  { feature: 'Time-Freeze tokens', values: perPlan((id) => perPeriod(planAllowances[id].timeFreezes)) },
  { feature: 'Likes in Day Lobby', values: perPlan((id) => (planAllowances[id].seeLikes ? 'Visible' : 'Blurred')) },
  { feature: 'Read receipts', values: perPlan((id) => yesNo(planAllowances[id].readReceipts)) },
  { feature: 'Day access', values: perPlan((id) => yesNo(planAllowances[id].dayAccess)) },
  { feature: 'Priority matching', values: perPlan((id) => yesNo(planAllowances[id].priorityLikes)) },
  { feature: 'Advanced filters', values: perPlan((id) => yesNo(planAllowances[id].advancedFilters)) },
  { feature: 'Night-owl score matching', values: perPlan((id) => yesNo(planAllowances[id].nightOwlMatching)) },
  { feature: 'Voice-only matches', values: perPlan((id) => yesNo(planAllowances[id].voiceOnlyMatches)) },
  { feature: 'Priority support', values: perPlan((id) => yesNo(planAllowances[id].prioritySupport)) },
];

/** Cheapest first: moving right is an upgrade. */
export const isUpgrade = (from: PlanId, to: PlanId) => PlanIds.indexOf(to) > PlanIds.indexOf(from);

/** What the upgrade prompt says for each trigger of spec point 9; the plan it suggests is the contracts'. */
export const upgradePrompts: Readonly<Record<UpgradeTrigger, { title: string; description: string }>> = {
  'likes-limit': { title: "You've used all your likes!", description: 'Your likes come back at 8 PM. Or get unlimited likes for the rest of the night with a Night Pass.' },
  'super-likes-used': { title: 'Super-Likes used up!', description: 'Plus gives you 3 Super-Likes every night.' },
  'night-boost': { title: 'Boost your night', description: '10x more visibility with a Moon-Boost, included in Plus.' },
  'see-likes': { title: 'See who likes you', description: 'Every like, unblurred, with a Night Pass.' },
  'read-receipts': { title: 'Know when they read it', description: 'Read receipts come with Plus.' },
  'advanced-filters': { title: 'Filter by kinks and interests', description: 'Advanced filters come with Max.' },
  'chat-limit': { title: 'One chat a night on Free', description: 'Talk to all your matches tonight with a Night Pass.' },
  'time-freeze': { title: 'Keep this match one more night', description: 'Max gives you 7 Time-Freeze tokens a month.' },
};

export const suggestedPlan = (trigger: UpgradeTrigger): PlanId => suggestedPlanFor[trigger];

/**
 * The prompt button shows the suggested plan's own price (decisions.md, Prompts): the price its one tap
 * chooses, from the plan table above (Plus at its weekly billing).
 */
export function promptPrice(plan: PlanId): string {
  const { amount, period } = display[plan].price(promptBilling(plan) ?? 'monthly');
  return plan === 'nightPass' ? amount : `${amount} ${period.replace(/^per /, 'a ')}`;
}

/** The billing period the prompt's one-tap choice takes: Plus at its weekly $9.99. */
export const promptBilling = (plan: PlanId): Billing | undefined => (plan === 'plus' ? 'weekly' : undefined);
