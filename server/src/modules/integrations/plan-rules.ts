import { sql } from 'drizzle-orm';
import { AppError } from '../../core/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { lockAccountLimits } from '../../engine/account-limits.ts';

/** The refusal the client turns into 'Would you like to upgrade your plan?' (spec 001 §8). */
const upgradeRequired = (message: string) => new AppError(403, 'UPGRADE_REQUIRED', message);

/**
 * Plan rules for adding an integration (spec 001 §5): the free plan (or no plan) allows at most one
 * chat integration; other plans allow at most their integration limit when it is above 0 (an
 * operator's maxIntegrations wins over the plan's). Archived integrations don't count. Locks the
 * account row, so two concurrent additions cannot both take the last place.
 */
export async function assertRoomForIntegration(
  tx: DbOrTx,
  accountId: string,
  service: { category: string },
): Promise<void> {
  const limits = await lockAccountLimits(tx, accountId);
  const counts = await tx.execute<{ total: number; chat: number }>(sql`
    select count(*)::int as total, (count(*) filter (where s.category = 'chat'))::int as chat
      from integrations i join services s on s.id = i.service_id
     where i.account_id = ${accountId} and i.archived_at is null`);
  const row = counts.rows[0] ?? { total: 0, chat: 0 };
  if (limits.plan.id === 'free') {
    if (service.category === 'chat' && row.chat >= 1) throw upgradeRequired('Free plan allows only 1 chat integration');
    return;
  }
  const max = limits.maxIntegrations;
  if (max !== null && max > 0 && row.total >= max) {
    throw upgradeRequired(`${limits.plan.name} plan allows only ${max} integrations`);
  }
}
