import type { CheckoutSession, createCheckoutSessionBody } from '@overlap/contract/billing';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { accounts, auditLog } from '../../db/schema/accounts.ts';
import { requireRole } from '../../http/access.ts';
import type { Ctx } from '../../http/deps.ts';
import { fieldError, notFound } from '../../http/errors.ts';
import { randomToken } from '../../lib/crypto.ts';
import { PLANS, TRIAL_DAYS } from './plans.ts';

type CheckoutInput = z.output<typeof createCheckoutSessionBody>;

const DAY_MS = 86_400_000;

/** Where the browser goes next: the wizard's success page, or the billing tab once onboarded. */
function sessionUrlFor(onboardingCompleted: boolean, sessionId: string): string {
  return onboardingCompleted
    ? '/account?tab=billing'
    : `/onboarding/success?session_id=${encodeURIComponent(sessionId)}`;
}

/**
 * Switches the account's plan (managers). Free only switches and ends any trial. A paid plan would
 * go through the card payment provider's checkout; this server has none configured, so the paid
 * plan starts as a 7-day trial instead. Moving between paid plans during a trial keeps its end date.
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
    const trialEndsAt = isFree
      ? null
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
