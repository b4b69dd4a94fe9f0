import type { BillingStatus } from '@overlap/contract/billing';
import type { Ctx } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { effectiveLimits } from '../../core/plans.ts';
import { findAccount } from '../account/queries.ts';

/** Plan, limits in force, trial and subscription state of the signed-in user's account. */
export async function getBillingStatus(ctx: Ctx, now = new Date()): Promise<BillingStatus> {
  const account = await findAccount(ctx.db, ctx.accountId);
  if (!account) throw notFound('Account');
  const limits = effectiveLimits(account);
  return {
    currentPlan: limits.plan.id,
    maxIntegrations: limits.maxIntegrations,
    maxPeople: limits.maxPeople,
    integrationInterval: limits.integrationInterval,
    isTrialActive: Boolean(account.trialEndsAt && account.trialEndsAt > now),
    trialEndsAt: account.trialEndsAt?.toISOString() ?? null,
    stripe: {
      subscriptionStatus: account.stripeSubscriptionStatus,
      cancelAtPeriodEnd: account.cancelAtPeriodEnd,
      currentPeriodEnd: account.stripeCurrentPeriodEnd?.toISOString() ?? null,
      customerId: account.stripeCustomerId,
    },
  };
}
