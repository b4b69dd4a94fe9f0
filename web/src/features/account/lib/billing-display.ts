import type { BillingStatus } from '@overlap/contract/billing';
import { differenceInCalendarDays } from 'date-fns';

type SubscriptionTone = 'success' | 'info' | 'neutral' | 'warning' | 'danger';

/** The subscription badge: active, trialing, canceled, or the raw status. */
export function subscriptionBadge(status: string | null): { label: string; tone: SubscriptionTone } | null {
  if (!status) return null;
  switch (status) {
    case 'active':
      return { label: 'Active', tone: 'success' };
    case 'trialing':
      return { label: 'Trialing', tone: 'info' };
    case 'canceled':
      return { label: 'Canceled', tone: 'neutral' };
    case 'past_due':
      return { label: 'Past due', tone: 'warning' };
    case 'unpaid':
      return { label: 'Unpaid', tone: 'danger' };
    default:
      return { label: status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' '), tone: 'neutral' };
  }
}

/** Whole days left in the trial (0 on its last day), or null without an active trial. */
export function trialDaysLeft(
  billing: Pick<BillingStatus, 'isTrialActive' | 'trialEndsAt'>,
  now = new Date(),
): number | null {
  if (!billing.isTrialActive || !billing.trialEndsAt) return null;
  return Math.max(0, differenceInCalendarDays(new Date(billing.trialEndsAt), now));
}
