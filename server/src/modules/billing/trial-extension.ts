import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../core/context.ts';
import { fieldError } from '../../core/errors.ts';
import { accounts, auditLog } from '../../db/schema/accounts.ts';
import { isLive } from '../../engine/billing/subscription.ts';
import { lockAccount, type SyncActor, syncAccountBilling } from '../../engine/billing/sync.ts';
import { gatewayFor } from './select-gateway.ts';

/**
 * Moves an account's trial end (the operator console's extend-trial). With a live subscription at
 * the payment provider, the subscription's own trial end is moved (Stripe's `trial_end`, no
 * proration; or the test-mode subscription) and the account follows it by the usual rule, so the
 * provider and the database agree. Without one, only the account's trial end is set. Returns the
 * account's trial end afterwards.
 */
export async function extendStripeTrial(
  deps: AppDeps,
  accountId: string,
  trialEnd: Date,
  actor: Omit<SyncActor, 'source'> = {},
  now = new Date(),
): Promise<{ trialEndsAt: Date }> {
  if (Number.isNaN(trialEnd.getTime())) throw fieldError('trialEndDate', 'must be a date');
  if (trialEnd <= now) throw fieldError('trialEndDate', 'Trial end date must be in the future');
  const db = deps.database.db;
  const trialEndsAt = await db.transaction(async (tx) => {
    const gateway = gatewayFor(deps, tx);
    const account = await lockAccount(tx, accountId);
    const owned = account.stripeCustomerId !== null && gateway.owns(account.stripeCustomerId);
    if (owned && account.stripeSubscriptionId && isLive(account.stripeSubscriptionStatus)) {
      await gateway.setTrialEnd(account.stripeSubscriptionId, trialEnd);
      await syncAccountBilling(tx, gateway, accountId, { ...actor, source: 'trial-extension' }, now);
    } else {
      await tx.update(accounts).set({ trialEndsAt: trialEnd, updatedAt: now }).where(eq(accounts.id, accountId));
      await tx.insert(auditLog).values({
        accountId,
        actorUserId: actor.userId ?? null,
        impersonatorUserId: actor.impersonatorId ?? null,
        action: 'billing.trial_extended',
        targetType: 'account',
        targetId: accountId,
        details: { from: account.trialEndsAt?.toISOString() ?? null, to: trialEnd.toISOString() },
        ip: actor.ip ?? null,
      });
    }
    const [after] = await tx
      .select({ trialEndsAt: accounts.trialEndsAt })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    return after?.trialEndsAt ?? trialEnd;
  });
  await deps.notify(accountId, 'account');
  return { trialEndsAt };
}
