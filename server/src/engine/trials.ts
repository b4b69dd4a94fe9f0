import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { LIVE_STATUSES } from './billing/subscription.ts';

/**
 * Moves accounts whose trial of a paid plan has ended, with no live subscription (one that still
 * gives its plan, paid or owing: an unpaid one goes through the payment grace instead), back to the
 * free plan (its limits apply from then on). Returns the accounts that changed.
 */
export async function endExpiredTrials(db: DbOrTx, now = new Date()): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    update accounts
       set plan = 'free', billing_cycle = null, updated_at = now()
     where plan <> 'free'
       and trial_ends_at is not null and trial_ends_at <= ${now.toISOString()}::timestamptz
       and coalesce(stripe_subscription_status, '') not in (${sql.join(
         LIVE_STATUSES.map((s) => sql`${s}`),
         sql`, `,
       )})
    returning id`);
  return result.rows.map((r) => r.id);
}
