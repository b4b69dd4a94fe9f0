import type { BillingCycle, PlanId } from '@overlap/contract/plans';

/**
 * One subscription as the payment provider reports it (Stripe's, or the built-in test mode's),
 * in the terms the account's billing fields are kept in.
 */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: string;
  /** Null when the price is not one of the catalogue's (the plan is then left as it is). */
  planId: PlanId | null;
  billingCycle: BillingCycle | null;
  priceId: string | null;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  created: Date;
}

/** Statuses in which the subscription still gives its plan. */
export const LIVE_STATUSES = ['trialing', 'active', 'past_due', 'unpaid'] as const;
/** Statuses in which a payment is owed: the grace period runs, then the account is suspended. */
export const UNPAID_STATUSES = ['past_due', 'unpaid'] as const;
/** Statuses after which the subscription gives nothing any more. */
export const ENDED_STATUSES = ['canceled', 'incomplete_expired'] as const;

export const isLive = (status: string | null | undefined): boolean =>
  (LIVE_STATUSES as readonly string[]).includes(status ?? '');
export const isUnpaid = (status: string | null | undefined): boolean =>
  (UNPAID_STATUSES as readonly string[]).includes(status ?? '');
export const isEnded = (status: string | null | undefined): boolean =>
  (ENDED_STATUSES as readonly string[]).includes(status ?? '');

/**
 * The subscription that decides the account's billing among all of a customer's: the newest live
 * one, else the newest. Depends only on the set, never on the order events arrived in.
 */
export function currentSubscription(subs: SubscriptionSnapshot[]): SubscriptionSnapshot | null {
  const newestFirst = [...subs].sort((a, b) => b.created.getTime() - a.created.getTime() || b.id.localeCompare(a.id));
  return newestFirst.find((s) => isLive(s.status)) ?? newestFirst[0] ?? null;
}
