import type { CheckoutSession, createCheckoutSessionBody } from '@overlap/contract/billing';
import { type Plan, TRIAL_DAYS } from '@overlap/contract/plans';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { requireRole } from '../../core/access.ts';
import type { Ctx } from '../../core/context.ts';
import { fieldError } from '../../core/errors.ts';
import { PLANS } from '../../core/plans.ts';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, auditLog } from '../../db/schema/accounts.ts';
import type { BillingGateway } from '../../engine/billing/gateway.ts';
import { isLive } from '../../engine/billing/subscription.ts';
import { lockAccount, type SyncActor, syncAccountBilling } from '../../engine/billing/sync.ts';
import { randomToken } from '../../lib/crypto.ts';
import { ensureCustomer } from './customers.ts';
import { gatewayFor } from './select-gateway.ts';

type CheckoutInput = z.output<typeof createCheckoutSessionBody>;
type AccountRow = Awaited<ReturnType<typeof lockAccount>>;

const BILLING_TAB = '/account?tab=billing';

/** Where the browser lands once the plan is settled: the wizard's success page, or the billing tab. */
const landing = (account: AccountRow, sessionId: string) =>
  account.onboardingCompleted ? BILLING_TAB : `/onboarding/success?session_id=${encodeURIComponent(sessionId)}`;

/** The subscription the account has at this provider that still gives a plan, if any. */
function liveSubscription(account: AccountRow, gateway: BillingGateway): string | null {
  const owned = account.stripeCustomerId !== null && gateway.owns(account.stripeCustomerId);
  return owned && account.stripeSubscriptionId && isLive(account.stripeSubscriptionStatus)
    ? account.stripeSubscriptionId
    : null;
}

/** Free with no subscription: the plan switches now (a trial without a subscription ends now). */
async function switchToFree(tx: DbOrTx, ctx: Ctx, account: AccountRow, now: Date): Promise<void> {
  const trialRunning = account.trialEndsAt !== null && account.trialEndsAt > now;
  if (account.plan === 'free' && !trialRunning) return;
  await tx
    .update(accounts)
    .set({ plan: 'free', billingCycle: null, trialEndsAt: trialRunning ? now : account.trialEndsAt, updatedAt: now })
    .where(eq(accounts.id, account.id));
  await tx.insert(auditLog).values({
    accountId: account.id,
    actorUserId: ctx.userId,
    impersonatorUserId: ctx.impersonatorId,
    action: 'billing.plan_changed',
    targetType: 'account',
    targetId: account.id,
    details: { from: account.plan, to: 'free', billingCycle: null },
    ip: ctx.ip,
  });
}

/**
 * The plan step of onboarding and the upgrade page (managers). Free: with no subscription the plan
 * switches now; a subscription in its trial is cancelled now; a paid one is cancelled at the end of
 * the period it was paid for (the plan stays until then). A paid plan: an account with a live
 * subscription has its plan and cycle changed (and a scheduled cancellation undone); otherwise a
 * checkout session of the provider, in subscription mode, with a 7-day trial for an account that
 * never had one. Creating a checkout session changes nothing on the account but its customer id:
 * the plan follows the subscription once the provider reports it (webhook, sync or the test-mode
 * checkout's completion).
 */
export async function createCheckoutSession(
  ctx: Ctx,
  input: CheckoutInput,
  now = new Date(),
): Promise<CheckoutSession> {
  requireRole(ctx, 'manager');
  const plan = PLANS[input.planId];
  if (!plan.active) throw fieldError('planId', 'is not offered any more');
  const actor: SyncActor = { userId: ctx.userId, impersonatorId: ctx.impersonatorId, ip: ctx.ip, source: 'checkout' };

  const sessionUrl = await ctx.db.transaction(async (tx) => {
    const gateway = gatewayFor(ctx.deps, tx);
    // The provider's view first: a subscription may have changed since the last webhook.
    await syncAccountBilling(tx, gateway, ctx.accountId, actor, now);
    const account = await lockAccount(tx, ctx.accountId);
    const subscriptionId = liveSubscription(account, gateway);

    if (plan.id === 'free') {
      if (!subscriptionId) await switchToFree(tx, ctx, account, now);
      else if (account.stripeSubscriptionStatus === 'trialing') await gateway.cancelNow(subscriptionId);
      else await gateway.setCancelAtPeriodEnd(subscriptionId, true);
      if (subscriptionId) await syncAccountBilling(tx, gateway, account.id, actor, now);
      return landing(account, `free_${randomToken(12)}`);
    }
    if (subscriptionId) {
      await gateway.changePlan(subscriptionId, plan, input.billingCycle);
      await syncAccountBilling(tx, gateway, account.id, actor, now);
      return landing(account, subscriptionId);
    }
    return startCheckout(tx, ctx, gateway, account, plan, input.billingCycle);
  });
  await ctx.deps.notify(ctx.accountId, 'account');
  return { sessionUrl };
}

async function startCheckout(
  tx: DbOrTx,
  ctx: Ctx,
  gateway: BillingGateway,
  account: AccountRow,
  plan: Plan,
  billingCycle: CheckoutInput['billingCycle'],
): Promise<string> {
  const customerId = await ensureCustomer(tx, gateway, account, ctx.email);
  const { url } = await gateway.createCheckout({
    accountId: account.id,
    customerId,
    plan,
    billingCycle,
    // A trial is had once per account, in both modes.
    trialDays: account.trialEndsAt ? null : TRIAL_DAYS,
    successUrl: account.onboardingCompleted ? BILLING_TAB : '/onboarding/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: account.onboardingCompleted ? '/upgrade' : '/onboarding/step2',
  });
  return url;
}
