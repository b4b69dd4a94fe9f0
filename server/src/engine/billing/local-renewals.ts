import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { localSubscriptions } from '../../db/schema/billing.ts';
import { createLocalGateway } from './local-gateway.ts';
import { periodEnd } from './local-periods.ts';
import { lockAccount, syncAccountBilling } from './sync.ts';

export interface RenewalOutcome {
  accountId: string;
  subscriptionId: string;
  result: 'renewed' | 'payment_failed' | 'canceled';
}

/**
 * The clock of the test-mode billing, run by a job like Stripe runs its own: a subscription whose
 * trial or period has ended is cancelled when a cancellation was scheduled, else charged: paid, a
 * new period starts; declined, it is past due (the grace period starts when the account applies
 * it). Each subscription in its own transaction, applied to its account by the webhook rule.
 */
export async function advanceLocalSubscriptions(db: Db, now = new Date()): Promise<RenewalOutcome[]> {
  const due = await db
    .select({ id: localSubscriptions.id, accountId: localSubscriptions.accountId })
    .from(localSubscriptions)
    .where(
      and(inArray(localSubscriptions.status, ['trialing', 'active']), lte(localSubscriptions.currentPeriodEnd, now)),
    )
    .orderBy(asc(localSubscriptions.currentPeriodEnd))
    .limit(500);
  const outcomes: RenewalOutcome[] = [];
  for (const { id, accountId } of due) {
    const outcome = await db.transaction(async (tx) => {
      await lockAccount(tx, accountId);
      const [row] = await tx.select().from(localSubscriptions).where(eq(localSubscriptions.id, id)).for('update');
      if (!row || !['trialing', 'active'].includes(row.status) || row.currentPeriodEnd > now) return null;
      let result: RenewalOutcome['result'];
      if (row.cancelAtPeriodEnd) {
        result = 'canceled';
        await tx
          .update(localSubscriptions)
          .set({ status: 'canceled', endedAt: row.currentPeriodEnd, cancelAtPeriodEnd: false, updatedAt: now })
          .where(eq(localSubscriptions.id, id));
      } else if (row.cardDeclines) {
        result = 'payment_failed';
        await tx
          .update(localSubscriptions)
          .set({ status: 'past_due', updatedAt: now })
          .where(eq(localSubscriptions.id, id));
      } else {
        result = 'renewed';
        let start = row.currentPeriodEnd;
        let end = periodEnd(start, row.billingCycle);
        while (end <= now) {
          start = end;
          end = periodEnd(start, row.billingCycle);
        }
        await tx
          .update(localSubscriptions)
          .set({ status: 'active', currentPeriodStart: start, currentPeriodEnd: end, updatedAt: now })
          .where(eq(localSubscriptions.id, id));
      }
      await syncAccountBilling(
        tx,
        createLocalGateway(tx, () => now),
        accountId,
        { source: `local-renewal:${result}` },
        now,
      );
      return { accountId, subscriptionId: id, result };
    });
    if (outcome) outcomes.push(outcome);
  }
  return outcomes;
}
