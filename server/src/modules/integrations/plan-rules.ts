import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { effectiveLimits } from '../billing/plans.ts';

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
  const account = await tx.execute<{
    plan: string;
    max_people: number | null;
    max_integrations: number | null;
    integration_interval: number | null;
    total: number;
    chat: number;
  }>(sql`
    select a.plan, a.max_people, a.max_integrations, a.integration_interval,
           (select count(*)::int from integrations i where i.account_id = a.id and i.archived_at is null) as total,
           (select count(*)::int from integrations i join services s on s.id = i.service_id
             where i.account_id = a.id and i.archived_at is null and s.category = 'chat') as chat
      from accounts a where a.id = ${accountId}
       for update of a`);
  const row = account.rows[0];
  if (!row) throw notFound('Account');
  const limits = effectiveLimits({
    plan: row.plan,
    maxPeople: row.max_people,
    maxIntegrations: row.max_integrations,
    integrationInterval: row.integration_interval,
  });
  if (limits.plan.id === 'free') {
    if (service.category === 'chat' && row.chat >= 1) throw upgradeRequired('Free plan allows only 1 chat integration');
    return;
  }
  const max = limits.maxIntegrations;
  if (max !== null && max > 0 && row.total >= max) {
    throw upgradeRequired(`${limits.plan.name} plan allows only ${max} integrations`);
  }
}
