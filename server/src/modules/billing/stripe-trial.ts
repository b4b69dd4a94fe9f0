import type { AppDeps } from '../../core/context.ts';
import type { SyncActor } from '../../engine/billing/sync.ts';
import { extendStripeTrial } from './trial-extension.ts';

export type TrialMove = 'not-configured' | 'no-subscription' | 'moved';

/**
 * Moves the trial end of the account's Stripe subscription, for an operator's trial extension, so
 * the subscription and the database agree. Without STRIPE_SECRET_KEY, or without a subscription,
 * there is nothing to move at Stripe and the caller sets the account's own trial end.
 */
export async function moveStripeTrialEnd(
  deps: AppDeps,
  account: { id: string; stripeSubscriptionId: string | null },
  trialEnd: Date,
  actor: Omit<SyncActor, 'source'> = {},
): Promise<TrialMove> {
  if (!deps.config.STRIPE_SECRET_KEY) return 'not-configured';
  if (!account.stripeSubscriptionId) return 'no-subscription';
  await extendStripeTrial(deps, account.id, trialEnd, actor);
  return 'moved';
}
