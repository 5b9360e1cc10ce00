/** The plans of the spec (point 9). Choosing one is simulated; no payment call exists. */
export type Billing = 'weekly' | 'monthly';
export type PlanId = 'free' | 'nightPass' | 'plus' | 'max';

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

export const plans: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    tagline: 'Dip a toe into the night',
    price: () => ({ amount: '$0', period: 'forever' }),
    features: ['30 likes per night', '1 active chat', 'Blurred likes in Day Lobby'],
  },
  {
    id: 'nightPass',
    name: 'Night Pass',
    tagline: 'One unforgettable night',
    price: () => ({ amount: '$3.99', period: 'for 24 hours' }),
    features: ['Unlimited likes for one night', 'Day access', 'Countdown timer', 'Priority matching'],
  },
  {
    id: 'plus',
    name: 'Plus',
    badge: 'Most Popular',
    tagline: 'Every night, no limits',
    price: (billing) => (billing === 'weekly' ? { amount: '$9.99', period: 'per week' } : { amount: '$34.99', period: 'per month' }),
    features: ['Unlimited likes and chats', '3 Super-Likes per night', '1 Moon-Boost per week', 'Read receipts', 'Priority support'],
  },
  {
    id: 'max',
    name: 'Max',
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
];

/** Rows of the comparison table, one value per plan in the order above. */
export const comparison: ReadonlyArray<{ feature: string; values: readonly [string, string, string, string] }> = [
  { feature: 'Likes per night', values: ['30', 'Unlimited', 'Unlimited', 'Unlimited'] },
  { feature: 'Active chats', values: ['1', 'Unlimited', 'Unlimited', 'Unlimited'] },
  { feature: 'Super-Likes per night', values: ['0', '1', '3', '5'] },
  { feature: 'Moon-Boosts', values: ['—', '—', '1 per week', '5 per month'] },
  { feature: 'Time-Freeze tokens', values: ['—', '—', '—', '7 per month'] },
  { feature: 'Likes in Day Lobby', values: ['Blurred', 'Visible', 'Visible', 'Visible'] },
  { feature: 'Read receipts', values: ['—', '—', '✓', '✓'] },
  { feature: 'Priority matching', values: ['—', '✓', '—', '—'] },
  { feature: 'Advanced filters', values: ['—', '—', '—', '✓'] },
  { feature: 'Voice-only matches', values: ['—', '—', '—', '✓'] },
];
