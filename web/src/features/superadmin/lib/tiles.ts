import type { BillingFilter } from '@overlap/contract/superadmin';

export interface Tile {
  filter: BillingFilter;
  label: string;
  hint: string;
}

/**
 * The summary tiles in their groups (spec 001 §2). The plan tiles keep the console's filter names
 * (basic, business, enterprise) but show the catalogue's plans they stand for (docs/decisions.md).
 */
export const TILE_GROUPS: { title: string; tiles: Tile[] }[] = [
  {
    title: 'Funnel',
    tiles: [
      { filter: 'new-this-month', label: 'New this month', hint: 'Signed up in the last 30 days' },
      { filter: 'trial-accounts', label: 'On trial', hint: 'Trial ends in the future' },
      { filter: 'expired-trials', label: 'Expired trials', hint: 'Trial ended, no subscription' },
      { filter: 'active-subscriptions', label: 'Active subscriptions', hint: 'Subscription status active' },
    ],
  },
  {
    title: 'Plans',
    tiles: [
      { filter: 'free-plans', label: 'Free', hint: 'No plan or the free plan' },
      { filter: 'basic-plans', label: 'Startup', hint: 'Basic plans' },
      { filter: 'business-plans', label: 'Scaleup', hint: 'Business plans' },
      { filter: 'enterprise-plans', label: 'Business', hint: 'Enterprise plans' },
    ],
  },
  {
    title: 'Issues',
    tiles: [
      { filter: 'canceling-soon', label: 'Canceling soon', hint: 'Cancels at period end' },
      { filter: 'payment-issues', label: 'Payment issues', hint: 'Past due, unpaid or canceled' },
      { filter: 'high-usage', label: 'High usage', hint: 'People or integrations above 80%' },
    ],
  },
];

export const tileOf = (filter: BillingFilter): Tile | undefined =>
  TILE_GROUPS.flatMap((g) => g.tiles).find((t) => t.filter === filter);
