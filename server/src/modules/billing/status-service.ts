import type { BillingStatus } from '@overlap/contract/billing';
import type { Ctx } from '../../http/deps.ts';
import { notFound } from '../../http/errors.ts';
import { findAccount } from '../account/queries.ts';
import { graceEndsAt } from './billing-fields.ts';
import { effectiveLimits } from './plans.ts';
import { stripeClient } from './stripe-client.ts';

/** Plan, limits in force, trial, payment grace and subscription state of the signed-in user's account. */
export async function getBillingStatus(ctx: Ctx, now = new Date()): Promise<BillingStatus> {
  const account = await findAccount(ctx.db, ctx.accountId);
  if (!account) throw notFound('Account');
  const limits = effectiveLimits(account);
  return {
    currentPlan: limits.plan.id,
    billingCycle: limits.plan.id === 'free' ? null : account.billingCycle,
    maxIntegrations: limits.maxIntegrations,
    maxPeople: limits.maxPeople,
    maxUsers: limits.maxUsers,
    integrationInterval: limits.integrationInterval,
    isTrialActive: Boolean(account.trialEndsAt && account.trialEndsAt > now),
    trialEndsAt: account.trialEndsAt?.toISOString() ?? null,
    paymentGraceEndsAt: account.paymentFailedAt ? graceEndsAt(account.paymentFailedAt).toISOString() : null,
    suspensionReason: account.status === 'suspended' ? account.suspensionReason : null,
    provider: stripeClient(ctx.deps.config) ? 'stripe' : 'local',
    stripe: {
      subscriptionStatus: account.stripeSubscriptionStatus,
      cancelAtPeriodEnd: account.cancelAtPeriodEnd,
      currentPeriodEnd: account.stripeCurrentPeriodEnd?.toISOString() ?? null,
      customerId: account.stripeCustomerId,
    },
  };
}
