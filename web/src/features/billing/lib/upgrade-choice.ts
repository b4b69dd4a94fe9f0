import type { BillingStatus } from '@overlap/contract/billing';
import type { Plan } from '@overlap/contract/plans';

/** The paid plans' intervals as 'N' or 'N to M' (for '... refresh every 2 to 5 minutes'). */
export function paidIntervalRange(plans: readonly Pick<Plan, 'id' | 'trackingInterval'>[]): string {
  const minutes = plans.filter((p) => p.id !== 'free').map((p) => p.trackingInterval);
  if (minutes.length === 0) return '';
  const [low, high] = [Math.min(...minutes), Math.max(...minutes)];
  return low === high ? String(low) : `${low} to ${high}`;
}

const LIVE = ['trialing', 'active', 'past_due', 'unpaid'];

/**
 * The upgrade page's start button for the chosen plan: none for Free (a free choice cannot start a
 * checkout); 'Start 7-Day Trial' while the account may still have its trial; otherwise a checkout
 * without trial, or a change of the live subscription.
 */
export function startButtonLabel(
  plan: Pick<Plan, 'id' | 'name'> | undefined,
  billing: Pick<BillingStatus, 'trialEndsAt' | 'stripe'> | undefined,
): string | null {
  if (!plan || plan.id === 'free') return null;
  if (billing && LIVE.includes(billing.stripe.subscriptionStatus ?? '')) return `Switch to ${plan.name}`;
  if (billing?.trialEndsAt) return `Subscribe to ${plan.name}`;
  return 'Start 7-Day Trial';
}
