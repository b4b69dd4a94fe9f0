import { eq } from 'drizzle-orm';
import { notFound } from '../../core/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, auditLog } from '../../db/schema/accounts.ts';
import { billingFieldsFor, changedFields } from './billing-fields.ts';
import type { BillingGateway } from './gateway.ts';
import { currentSubscription } from './subscription.ts';

export interface SyncActor {
  userId?: string | null;
  impersonatorId?: string | null;
  ip?: string | null;
  /** What made the change, for the audit log: 'webhook:<type>', 'sync', 'checkout', ... */
  source: string;
}

/** The account row, locked until the transaction ends: billing changes of one account are serialised. */
export async function lockAccount(tx: DbOrTx, accountId: string) {
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
  if (!account) throw notFound('Account');
  return account;
}

/**
 * Re-reads every subscription of the account's customer from the payment provider and applies the
 * current one to the account (billing-fields.ts says how). The account row stays locked while the
 * provider is asked, so two syncs of one account apply in the order they read. Returns the fields
 * that changed (empty when none).
 */
export async function syncAccountBilling(
  tx: DbOrTx,
  gateway: BillingGateway,
  accountId: string,
  actor: SyncActor,
  now = new Date(),
): Promise<Record<string, unknown>> {
  const account = await lockAccount(tx, accountId);
  if (!account.stripeCustomerId || !gateway.owns(account.stripeCustomerId)) return {};
  const subscriptions = await gateway.listSubscriptions(account.stripeCustomerId);
  const next = billingFieldsFor(account, currentSubscription(subscriptions), now);
  const diff = changedFields(account, next);
  if (Object.keys(diff).length === 0) return {};
  await tx
    .update(accounts)
    .set({ ...diff, updatedAt: now })
    .where(eq(accounts.id, accountId));
  await tx.insert(auditLog).values({
    accountId,
    actorUserId: actor.userId ?? null,
    impersonatorUserId: actor.impersonatorId ?? null,
    action: 'billing.subscription_applied',
    targetType: 'account',
    targetId: accountId,
    details: {
      source: actor.source,
      from: { plan: account.plan, status: account.stripeSubscriptionStatus, accountStatus: account.status },
      changed: Object.fromEntries(Object.entries(diff).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])),
    },
    ip: actor.ip ?? null,
  });
  return diff;
}
