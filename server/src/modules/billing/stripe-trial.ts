import type { AppDeps } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';

export type TrialMove = 'not-configured' | 'no-subscription' | 'moved';

/**
 * Moves the trial end of the account's Stripe subscription, for an operator's trial extension: the
 * subscription and the database must agree. Without STRIPE_SECRET_KEY, or without a subscription,
 * there is nothing to move. With Stripe configured this goes through the billing module's Stripe
 * client (`subscriptions.update(id, { trial_end, proration_behavior: 'none' })`), which arrives with
 * the Stripe billing work; until then it refuses, so nothing changes on either side.
 */
export async function moveStripeTrialEnd(
  deps: AppDeps,
  account: { stripeSubscriptionId: string | null },
  _trialEnd: Date,
): Promise<TrialMove> {
  if (!deps.config.STRIPE_SECRET_KEY) return 'not-configured';
  if (!account.stripeSubscriptionId) return 'no-subscription';
  const message = 'Moving a Stripe trial is not available on this server yet. Nothing was changed.';
  throw new AppError(503, 'STRIPE_UNAVAILABLE', message, { error: message });
}
