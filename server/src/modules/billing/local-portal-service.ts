import type { LocalPortal, LocalSubscription, UpdateLocalSubscriptionBody } from '@overlap/contract/billing';
import { eq } from 'drizzle-orm';
import { requireRole } from '../../core/access.ts';
import type { Ctx } from '../../core/context.ts';
import { planOf } from '../../core/plans.ts';
import type { Tx } from '../../db/client.ts';
import { localSubscriptions } from '../../db/schema/billing.ts';
import { createLocalGateway } from '../../engine/billing/local-gateway.ts';
import { periodEnd } from '../../engine/billing/local-periods.ts';
import { isUnpaid } from '../../engine/billing/subscription.ts';
import { lockAccount, syncAccountBilling } from '../../engine/billing/sync.ts';
import { findAccount } from '../account/queries.ts';
import { acceptTestCard, cardDeclined, type TestCardInput } from './local-cards.ts';
import {
  findLiveLocalSubscription,
  type LocalSubscriptionRow,
  pricedPlan,
  requireLiveLocalSubscription,
  requireLocalMode,
} from './local-subscriptions.ts';

function present(row: LocalSubscriptionRow): LocalSubscription {
  return {
    id: row.id,
    ...pricedPlan(row),
    status: row.status,
    trialEnd: row.trialEnd?.toISOString() ?? null,
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    card: { brand: row.cardBrand, last4: row.cardLast4, declines: row.cardDeclines },
  };
}

/** The test-mode customer portal: the account's live subscription and its card. */
export async function getLocalPortal(ctx: Ctx): Promise<LocalPortal> {
  requireRole(ctx, 'manager');
  requireLocalMode(ctx.deps);
  const account = await findAccount(ctx.db, ctx.accountId);
  const row = await ctx.db.transaction((tx) => findLiveLocalSubscription(tx, ctx.accountId));
  return { customerId: account?.stripeCustomerId ?? null, subscription: row ? present(row) : null };
}

async function changeSubscription(
  ctx: Ctx,
  now: Date,
  change: (tx: Tx, row: LocalSubscriptionRow) => Promise<void>,
): Promise<LocalPortal> {
  requireRole(ctx, 'manager');
  requireLocalMode(ctx.deps);
  await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, ctx.accountId);
    const row = await requireLiveLocalSubscription(tx, ctx.accountId);
    await change(tx, row);
    await syncAccountBilling(
      tx,
      createLocalGateway(tx, () => now),
      ctx.accountId,
      { userId: ctx.userId, impersonatorId: ctx.impersonatorId, ip: ctx.ip, source: 'local-portal' },
      now,
    );
  });
  await ctx.deps.notify(ctx.accountId, 'account');
  return getLocalPortal(ctx);
}

/** Cancel at the end of the period, resume, or change plan and cycle (managers). */
export function updateLocalSubscription(ctx: Ctx, input: UpdateLocalSubscriptionBody, now = new Date()) {
  return changeSubscription(ctx, now, async (tx, row) => {
    const gateway = createLocalGateway(tx, () => now);
    if (input.planId || input.billingCycle) {
      await gateway.changePlan(row.id, planOf(input.planId ?? row.plan), input.billingCycle ?? row.billingCycle);
    }
    if (input.cancelAtPeriodEnd !== undefined) await gateway.setCancelAtPeriodEnd(row.id, input.cancelAtPeriodEnd);
  });
}

/**
 * Replaces the card (managers). With a payment owed, the new card is charged at once: paid, the
 * subscription is active for a new period (which lifts a suspension for payment); declined, nothing
 * changes (402).
 */
export function updateLocalPaymentMethod(ctx: Ctx, card: TestCardInput, now = new Date()) {
  const accepted = acceptTestCard(card, now);
  return changeSubscription(ctx, now, async (tx, row) => {
    const owed = isUnpaid(row.status);
    if (owed && accepted.declines) throw cardDeclined();
    await tx
      .update(localSubscriptions)
      .set({
        cardBrand: accepted.brand,
        cardLast4: accepted.last4,
        cardDeclines: accepted.declines,
        updatedAt: now,
        ...(owed
          ? { status: 'active', currentPeriodStart: now, currentPeriodEnd: periodEnd(now, row.billingCycle) }
          : {}),
      })
      .where(eq(localSubscriptions.id, row.id));
  });
}
