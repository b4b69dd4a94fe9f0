import type { BillingStatus } from '@overlap/contract/billing';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Ctx } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { customIntegrationAllowance, effectiveLimits } from '../../core/plans.ts';
import type { DbOrTx } from '../../db/client.ts';
import { integrations } from '../../db/schema/integrations.ts';
import { graceEndsAt } from '../../engine/billing/billing-fields.ts';
import { findAccount } from '../account/queries.ts';
import { stripeClient } from './stripe-client.ts';

/** When the scheduler next polls one of the account's running integrations (polled ones have a next run). */
async function nextDataRefresh(db: DbOrTx, accountId: string): Promise<Date | null> {
  const [row] = await db
    .select({ next: sql<Date | null>`min(${integrations.nextRunAt})` })
    .from(integrations)
    .where(
      and(eq(integrations.accountId, accountId), eq(integrations.status, 'active'), isNull(integrations.archivedAt)),
    );
  return row?.next ? new Date(row.next) : null;
}

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
    maxCustomIntegrations: customIntegrationAllowance(limits.plan, account.features),
    integrationInterval: limits.integrationInterval,
    nextDataRefreshAt: (await nextDataRefresh(ctx.db, ctx.accountId))?.toISOString() ?? null,
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
