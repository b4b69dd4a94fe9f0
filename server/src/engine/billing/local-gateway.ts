import { eq } from 'drizzle-orm';
import { priceIdFor } from '../../core/plan-prices.ts';
import { planOf } from '../../core/plans.ts';
import type { DbOrTx } from '../../db/client.ts';
import { localCheckoutSessions, localSubscriptions } from '../../db/schema/billing.ts';
import { randomToken } from '../../lib/crypto.ts';
import type { BillingGateway } from './gateway.ts';
import type { SubscriptionSnapshot } from './subscription.ts';

export const LOCAL_CUSTOMER_PREFIX = 'cus_local_';
export const LOCAL_SESSION_PREFIX = 'cs_local_';
const SESSION_HOURS = 24;

type LocalSubscriptionRow = typeof localSubscriptions.$inferSelect;

export function snapshotOfLocal(row: LocalSubscriptionRow): SubscriptionSnapshot {
  const plan = planOf(row.plan);
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    planId: plan.id,
    billingCycle: row.billingCycle,
    priceId: priceIdFor(plan, row.billingCycle, 'development'),
    trialEnd: row.trialEnd,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    created: row.createdAt,
  };
}

/**
 * The built-in test-mode payment provider (no STRIPE_SECRET_KEY): customers are ids, checkout
 * sessions and subscriptions are rows, the checkout and portal are pages of this app. Works inside
 * the caller's transaction.
 */
export function createLocalGateway(db: DbOrTx, now: () => Date = () => new Date()): BillingGateway {
  const touch = async (id: string, patch: Partial<LocalSubscriptionRow>) => {
    await db
      .update(localSubscriptions)
      .set({ ...patch, updatedAt: now() })
      .where(eq(localSubscriptions.id, id));
  };
  return {
    mode: 'local',
    owns: (customerId) => customerId.startsWith(LOCAL_CUSTOMER_PREFIX),
    createCustomer: async () => `${LOCAL_CUSTOMER_PREFIX}${randomToken(12)}`,
    async createCheckout(request) {
      const id = `${LOCAL_SESSION_PREFIX}${randomToken(18)}`;
      const created = now();
      await db.insert(localCheckoutSessions).values({
        id,
        accountId: request.accountId,
        plan: request.plan.id,
        billingCycle: request.billingCycle,
        trialDays: request.trialDays,
        successUrl: request.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
        cancelUrl: request.cancelUrl,
        createdAt: created,
        expiresAt: new Date(created.getTime() + SESSION_HOURS * 3_600_000),
      });
      return { sessionId: id, url: `/billing/checkout/${id}` };
    },
    async listSubscriptions(customerId) {
      const rows = await db.select().from(localSubscriptions).where(eq(localSubscriptions.customerId, customerId));
      return rows.map(snapshotOfLocal);
    },
    async changePlan(id, plan, cycle) {
      await touch(id, { plan: plan.id, billingCycle: cycle, cancelAtPeriodEnd: false });
    },
    async setCancelAtPeriodEnd(id, cancel) {
      await touch(id, { cancelAtPeriodEnd: cancel });
    },
    async cancelNow(id) {
      await touch(id, { status: 'canceled', endedAt: now(), cancelAtPeriodEnd: false });
    },
    async setTrialEnd(id, trialEnd) {
      const inFuture = trialEnd > now();
      await touch(id, {
        trialEnd,
        ...(inFuture ? { status: 'trialing', currentPeriodEnd: trialEnd } : {}),
      });
    },
    portalUrl: async () => '/billing/portal',
  };
}
