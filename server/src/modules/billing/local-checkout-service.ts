import type { CompletedCheckout, LocalCheckoutSession } from '@overlap/contract/billing';
import { and, eq } from 'drizzle-orm';
import { requireRole } from '../../core/access.ts';
import type { Ctx } from '../../core/context.ts';
import { conflict, notFound } from '../../core/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { localCheckoutSessions, localSubscriptions } from '../../db/schema/billing.ts';
import { createLocalGateway } from '../../engine/billing/local-gateway.ts';
import { periodEnd } from '../../engine/billing/local-periods.ts';
import { lockAccount, syncAccountBilling } from '../../engine/billing/sync.ts';
import { randomToken } from '../../lib/crypto.ts';
import { acceptTestCard, cardDeclined, type TestCardInput } from './local-cards.ts';
import { findLiveLocalSubscription, pricedPlan, requireLocalMode } from './local-subscriptions.ts';

const DAY_MS = 86_400_000;
type SessionRow = typeof localCheckoutSessions.$inferSelect;

async function findSession(db: DbOrTx, accountId: string, id: string, lock: boolean): Promise<SessionRow> {
  const query = db
    .select()
    .from(localCheckoutSessions)
    .where(and(eq(localCheckoutSessions.id, id), eq(localCheckoutSessions.accountId, accountId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Checkout session');
  return row;
}

const statusOf = (row: SessionRow, now: Date) =>
  row.status === 'open' && row.expiresAt <= now ? 'expired' : row.status;

/** A test-mode checkout session of the signed-in manager's account, for the local checkout page. */
export async function getLocalCheckout(ctx: Ctx, id: string, now = new Date()): Promise<LocalCheckoutSession> {
  requireRole(ctx, 'manager');
  requireLocalMode(ctx.deps);
  const row = await findSession(ctx.db, ctx.accountId, id, false);
  return {
    id: row.id,
    ...pricedPlan(row),
    trialDays: row.trialDays,
    status: statusOf(row, now),
    cancelUrl: row.cancelUrl,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Pays (or starts the trial of) a test-mode checkout session with a test card (managers): creates
 * the subscription, as Stripe would, and applies it to the account by the same rule the Stripe
 * webhooks use. The declining test card is refused (402) unless a trial defers the first charge.
 */
export async function completeLocalCheckout(
  ctx: Ctx,
  id: string,
  card: TestCardInput,
  now = new Date(),
): Promise<CompletedCheckout> {
  requireRole(ctx, 'manager');
  requireLocalMode(ctx.deps);
  const accepted = acceptTestCard(card, now);
  const redirectUrl = await ctx.db.transaction(async (tx) => {
    const account = await lockAccount(tx, ctx.accountId);
    const session = await findSession(tx, ctx.accountId, id, true);
    const status = statusOf(session, now);
    if (status === 'complete') throw conflict('This checkout session is already complete.', 'CHECKOUT_COMPLETE');
    if (status === 'expired') {
      throw conflict(
        'This checkout session has expired. Choose the plan again to start a new one.',
        'CHECKOUT_EXPIRED',
      );
    }
    if (await findLiveLocalSubscription(tx, account.id)) {
      throw conflict('The account already has a subscription. Change its plan in the billing portal.', 'SUBSCRIBED');
    }
    if (!account.stripeCustomerId) throw notFound('Customer');
    const trialDays = session.trialDays && !account.trialEndsAt ? session.trialDays : null;
    if (accepted.declines && !trialDays) throw cardDeclined();
    const trialEnd = trialDays ? new Date(now.getTime() + trialDays * DAY_MS) : null;
    const subscriptionId = `sub_local_${randomToken(14)}`;
    await tx.insert(localSubscriptions).values({
      id: subscriptionId,
      accountId: account.id,
      customerId: account.stripeCustomerId,
      plan: session.plan,
      billingCycle: session.billingCycle,
      status: trialEnd ? 'trialing' : 'active',
      trialEnd,
      currentPeriodStart: now,
      currentPeriodEnd: trialEnd ?? periodEnd(now, session.billingCycle),
      cardBrand: accepted.brand,
      cardLast4: accepted.last4,
      cardDeclines: accepted.declines,
      createdAt: now,
      updatedAt: now,
    });
    await tx
      .update(localCheckoutSessions)
      .set({ status: 'complete', completedAt: now, subscriptionId })
      .where(eq(localCheckoutSessions.id, session.id));
    await syncAccountBilling(
      tx,
      createLocalGateway(tx, () => now),
      account.id,
      { userId: ctx.userId, impersonatorId: ctx.impersonatorId, ip: ctx.ip, source: 'local-checkout' },
      now,
    );
    return session.successUrl;
  });
  await ctx.deps.notify(ctx.accountId, 'account');
  return { redirectUrl };
}
