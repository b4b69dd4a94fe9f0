import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/** Subscription states of the payment provider that keep a paid plan after its trial. */
const PAYING = ['active', 'trialing', 'past_due'];

/**
 * Moves accounts whose trial of a paid plan has ended, with no paying subscription, back to the
 * free plan (its limits apply from then on). Returns the accounts that changed.
 */
export async function endExpiredTrials(db: DbOrTx, now = new Date()): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    update accounts
       set plan = 'free', billing_cycle = null, updated_at = now()
     where plan <> 'free'
       and trial_ends_at is not null and trial_ends_at <= ${now.toISOString()}::timestamptz
       and coalesce(stripe_subscription_status, '') not in (${sql.join(
         PAYING.map((s) => sql`${s}`),
         sql`, `,
       )})
    returning id`);
  return result.rows.map((r) => r.id);
}
