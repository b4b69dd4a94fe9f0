import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { amountFor } from '../../core/plan-prices.ts';
import { planOf } from '../../core/plans.ts';
import type { DbOrTx } from '../../db/client.ts';
import { localSubscriptions } from '../../db/schema/billing.ts';
import { LIVE_STATUSES } from '../../engine/billing/subscription.ts';
import { stripeClient } from './stripe-client.ts';

export type LocalSubscriptionRow = typeof localSubscriptions.$inferSelect;

/** The plan and cycle of a test-mode session or subscription as its pages show them, with the amount per cycle. */
export function pricedPlan(row: Pick<LocalSubscriptionRow, 'plan' | 'billingCycle'>) {
  const plan = planOf(row.plan);
  return {
    planId: plan.id,
    planName: plan.name,
    billingCycle: row.billingCycle,
    amount: amountFor(plan, row.billingCycle),
  };
}

/** The test-mode pages and calls exist only while no STRIPE_SECRET_KEY is set. */
export function requireLocalMode(deps: Pick<AppDeps, 'config'>): void {
  if (stripeClient(deps.config)) {
    throw new AppError(404, 'NOT_FOUND', 'Test-mode billing is not available: this server uses Stripe.');
  }
}

/** The account's newest test-mode subscription that still gives a plan, locked for the transaction. */
export async function findLiveLocalSubscription(db: DbOrTx, accountId: string): Promise<LocalSubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(localSubscriptions)
    .where(and(eq(localSubscriptions.accountId, accountId), inArray(localSubscriptions.status, [...LIVE_STATUSES])))
    .orderBy(desc(localSubscriptions.createdAt))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function requireLiveLocalSubscription(db: DbOrTx, accountId: string): Promise<LocalSubscriptionRow> {
  const row = await findLiveLocalSubscription(db, accountId);
  if (!row) throw notFound('Subscription');
  return row;
}
