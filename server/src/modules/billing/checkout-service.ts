import type { CheckoutSession, createCheckoutSessionBody } from '@overlap/contract/billing';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { requireRole } from '../../core/access.ts';
import type { Ctx } from '../../core/context.ts';
import { conflict, fieldError, notFound } from '../../core/errors.ts';
import { PLANS, TRIAL_DAYS } from '../../core/plans.ts';
import { accounts, auditLog } from '../../db/schema/accounts.ts';
import { randomToken } from '../../lib/crypto.ts';

type CheckoutInput = z.output<typeof createCheckoutSessionBody>;

const DAY_MS = 86_400_000;

export const TRIAL_USED_MESSAGE =
  'The 7-day trial has been used. Paid plans need a card payment provider, which this server does not have.';

/** Where the browser goes next: the wizard's success page, or the billing tab once onboarded. */
function sessionUrlFor(onboardingCompleted: boolean, sessionId: string): string {
  return onboardingCompleted
    ? '/account?tab=billing'
    : `/onboarding/success?session_id=${encodeURIComponent(sessionId)}`;
}

/**
 * Switches the account's plan (managers). Free only switches and ends any trial. A paid plan would
 * go through the card payment provider's checkout; this server has none configured, so the paid
 * plan starts as a 7-day trial instead, once per account (409 afterwards). Moving between paid
 * plans during a trial keeps its end date; endExpiredTrials moves the account back to free after.
 */
export async function createCheckoutSession(
  ctx: Ctx,
  input: CheckoutInput,
  now = new Date(),
): Promise<CheckoutSession> {
  requireRole(ctx, 'manager');
  const plan = PLANS[input.planId];
  if (!plan.active) throw fieldError('planId', 'is not offered any more');
  const isFree = plan.id === 'free';

  const sessionUrl = await ctx.db.transaction(async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, ctx.accountId)).for('update');
    if (!account) throw notFound('Account');
    const trialActive = account.trialEndsAt !== null && account.trialEndsAt > now;
    if (!isFree && !trialActive && account.trialEndsAt !== null) {
      throw conflict(TRIAL_USED_MESSAGE, 'TRIAL_USED');
    }
    // Free ends a running trial now but keeps the date: a trial can be had once.
    const trialEndsAt = isFree
      ? trialActive
        ? now
        : account.trialEndsAt
      : trialActive
        ? account.trialEndsAt
        : new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
    await tx
      .update(accounts)
      .set({ plan: plan.id, billingCycle: isFree ? null : input.billingCycle, trialEndsAt, updatedAt: now })
      .where(eq(accounts.id, ctx.accountId));
    await tx.insert(auditLog).values({
      accountId: ctx.accountId,
      actorUserId: ctx.userId,
      impersonatorUserId: ctx.impersonatorId,
      action: 'billing.plan_changed',
      targetType: 'account',
      targetId: ctx.accountId,
      details: {
        from: account.plan,
        to: plan.id,
        billingCycle: isFree ? null : input.billingCycle,
        trialEndsAt: trialEndsAt?.toISOString() ?? null,
      },
      ip: ctx.ip,
    });
    const sessionId = `${isFree ? 'free' : 'trial'}_${randomToken(12)}`;
    return sessionUrlFor(account.onboardingCompleted, sessionId);
  });
  await ctx.deps.notify(ctx.accountId, 'account');
  return { sessionUrl };
}
