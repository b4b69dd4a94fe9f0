import { sql } from 'drizzle-orm';
import { upgradeRequired } from '../../core/errors.ts';
import { customIntegrationAllowance } from '../../core/plans.ts';
import type { DbOrTx } from '../../db/client.ts';
import { lockAccountLimits } from '../../engine/account-limits.ts';

/** Custom integrations: sources of the `custom` provider that push with an API key. */
export const CUSTOM_PROVIDER = 'custom';

/**
 * Plan rules for adding an integration (spec 001 §5): the free plan (or no plan) allows at most one
 * chat integration; other plans allow at most their integration limit when it is above 0 (an
 * operator's maxIntegrations wins over the plan's). Custom integrations are the Business plan's (1),
 * unless the operator's `custom-integrations` flag lifts that cap. Archived integrations don't
 * count. Locks the account row, so two concurrent additions cannot both take the last place.
 */
export async function assertRoomForIntegration(
  tx: DbOrTx,
  accountId: string,
  service: { category: string; provider: string },
): Promise<void> {
  const limits = await lockAccountLimits(tx, accountId);
  const counts = await tx.execute<{ total: number; chat: number; custom: number; features: string[] }>(sql`
    select count(i.id)::int as total,
           (count(i.id) filter (where s.category = 'chat'))::int as chat,
           (count(i.id) filter (where s.provider = ${CUSTOM_PROVIDER}))::int as custom,
           (select a.features from accounts a where a.id = ${accountId}) as features
      from integrations i join services s on s.id = i.service_id
     where i.account_id = ${accountId} and i.archived_at is null`);
  const row = counts.rows[0] ?? { total: 0, chat: 0, custom: 0, features: [] };
  if (service.provider === CUSTOM_PROVIDER) {
    const allowed = customIntegrationAllowance(limits.plan, row.features ?? []);
    if (allowed === 0) throw upgradeRequired('Custom integrations come with the Business plan');
    if (allowed > 0 && row.custom >= allowed) {
      throw upgradeRequired(
        `${limits.plan.name} plan allows only ${allowed} custom integration${allowed === 1 ? '' : 's'}`,
      );
    }
  }
  if (limits.plan.id === 'free') {
    if (service.category === 'chat' && row.chat >= 1) throw upgradeRequired('Free plan allows only 1 chat integration');
    return;
  }
  const max = limits.maxIntegrations;
  if (max !== null && max > 0 && row.total >= max) {
    throw upgradeRequired(`${limits.plan.name} plan allows only ${max} integrations`);
  }
}
