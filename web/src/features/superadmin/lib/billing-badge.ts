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

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** Calendar days from today to the day `end` falls on, in the viewer's timezone (0: it ends today). */
export const daysLeft = (end: string, now: Date) =>
  Math.max(0, Math.round((startOfDay(new Date(end)) - startOfDay(now)) / DAY_MS));

/** '1 day left', '5 days left', 'ends today'. */
export function daysLeftText(end: string, now: Date): string {
  const days = daysLeft(end, now);
  return days === 0 ? 'ends today' : `${days} day${days === 1 ? '' : 's'} left`;
}

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
    return { label: `Trial · ${daysLeftText(account.trialEndsAt, now)}`, tone: 'info' };
  }
  if (account.trialEndsAt) return { label: 'Trial expired', tone: 'warning' };
  if (account.cancelAtPeriodEnd) return { label: 'Canceling', tone: 'warning' };
  return { label: planLabel(account.currentPlan), tone: 'neutral' };
}
