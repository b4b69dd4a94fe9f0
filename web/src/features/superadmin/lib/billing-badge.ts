import type { OperatorAccount } from '@overlap/contract/superadmin';
import type { BadgeTone } from '../../../ui/badge';

const DAY_MS = 86_400_000;

export interface BillingBadge {
  label: string;
  tone: BadgeTone;
}

/** A plan id as a name ('scaleup' -> 'Scaleup'); no plan reads 'Free'. */
export const planLabel = (plan: string | null | undefined) =>
  plan ? plan.charAt(0).toUpperCase() + plan.slice(1) : 'Free';

/** Whole days until `end`, rounded up (a trial ending in 3 hours has 1 day left). */
export const daysLeft = (end: string, now: Date) => Math.max(0, Math.ceil((Date.parse(end) - now.getTime()) / DAY_MS));

/**
 * The billing badge of an account row, by the spec's priority (001 §4): active subscription, then
 * trial with days left, then trial expired, then canceling soon, else the plan name or Free.
 */
export function billingBadge(
  account: Pick<OperatorAccount, 'stripeSubscriptionStatus' | 'trialEndsAt' | 'cancelAtPeriodEnd' | 'currentPlan'>,
  now: Date = new Date(),
): BillingBadge {
  if (account.stripeSubscriptionStatus === 'active') return { label: 'Subscribed', tone: 'success' };
  if (account.trialEndsAt && Date.parse(account.trialEndsAt) > now.getTime()) {
    const days = daysLeft(account.trialEndsAt, now);
    return { label: `Trial · ${days} day${days === 1 ? '' : 's'} left`, tone: 'info' };
  }
  if (account.trialEndsAt) return { label: 'Trial expired', tone: 'warning' };
  if (account.cancelAtPeriodEnd) return { label: 'Canceling', tone: 'warning' };
  return { label: planLabel(account.currentPlan), tone: 'neutral' };
}
