import { PAYMENT_GRACE_DAYS } from '@overlap/contract/plans';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Suspends, for payment, the accounts whose payment has been failing for longer than the grace
 * period (7 days) and is still owed. An account already suspended or terminated is left alone.
 * Returns the accounts suspended.
 */
export async function suspendAfterGrace(db: DbOrTx, now = new Date()): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    with suspended as (
      update accounts
         set status = 'suspended', suspension_reason = 'payment', updated_at = ${now.toISOString()}::timestamptz
       where status in ('active', 'pending')
         and stripe_subscription_status in ('past_due', 'unpaid')
         and payment_failed_at <= ${now.toISOString()}::timestamptz - make_interval(days => ${PAYMENT_GRACE_DAYS})
      returning id
    ), audit as (
      insert into audit_log (account_id, action, target_type, target_id, details)
      select id, 'account.suspended', 'account', id::text, '{"reason": "payment"}'::jsonb from suspended
    )
    select id from suspended`);
  return result.rows.map((r) => r.id);
}
