import { sql } from 'drizzle-orm';
import { runnableProviders } from '../connectors/registry.ts';
import { PLANS } from '../core/plans.ts';
import type { DbOrTx } from '../db/client.ts';

/** The plan's tracking interval as SQL over accounts `a` (operator override first, free as fallback). */
function planIntervalSql() {
  const cases = Object.values(PLANS)
    .map((p) => `when '${p.id}' then ${p.trackingInterval}`)
    .join(' ');
  return sql.raw(`coalesce(a.integration_interval, case a.plan ${cases} else ${PLANS.free.trackingInterval} end)`);
}

/**
 * Claims every active polled integration that is due and moves its next run one step ahead, in one
 * atomic UPDATE ... RETURNING: a row claimed by one scheduler tick is no longer due for another, so
 * each run is enqueued exactly once even with several worker processes. OAuth integrations wait
 * for their grant (and stop when it needs re-authorization); Mattermost is polled once its Setup
 * has a server URL and token (otherwise it is fed by the push API). The step is
 * max(service interval, plan interval), aligned to the minute so a 5-minute step runs every 5 ticks.
 */
export async function claimDueIntegrations(db: DbOrTx, now = new Date()): Promise<string[]> {
  const providers = runnableProviders();
  if (providers.length === 0) return [];
  const result = await db.execute<{ id: string }>(sql`
    update integrations i
       set next_run_at = date_trunc('minute', ${now.toISOString()}::timestamptz)
                         + make_interval(mins => greatest(s.interval_minutes, ${planIntervalSql()}, 1)),
           updated_at = now()
      from services s, accounts a
     where s.id = i.service_id and a.id = i.account_id
       and i.status = 'active' and i.archived_at is null and not i.needs_reauthorization
       and (s.provider not in ('slack', 'microsoft') or i.secrets_encrypted is not null)
       and (s.provider <> 'mattermost' or (i.config ? 'serverUrl' and i.secrets_encrypted is not null))
       and a.status in ('pending', 'active')
       and s.provider in (select jsonb_array_elements_text(${JSON.stringify(providers)}::jsonb))
       and (i.next_run_at is null or i.next_run_at <= ${now.toISOString()}::timestamptz)
    returning i.id`);
  return result.rows.map((r) => r.id);
}
