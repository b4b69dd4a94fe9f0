import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { type AccountLimitRow, accountLimitSql, limitSettingsOf } from './account-limits.ts';
import { paceAt } from './blocks.ts';
import { STATE_SAMPLES } from './continue-blocks.ts';
import { isoOf } from './recompute.ts';
import { refreshRollups } from './rollups.ts';
import { SILENCE_TIMEOUT_KEY, silenceTimeoutMsOf, stepMinutesOf } from './step.ts';

type OpenBlock = AccountLimitRow & {
  id: string;
  account_id: string;
  person_id: string;
  person_integration_id: string;
  start_ms: number;
  last_ms: number;
  provider: string;
  service_interval: number;
  silence_timeout: string | null;
  /** The times of the samples ending at the block's last one, ascending. */
  recent_ms: number[];
};

/**
 * Ends the ongoing blocks whose source has gone quiet for longer than the timeout of their last
 * sample's pace (blocks.ts paceAt): the block ends one cadence after its last sample, the person-integration's last status becomes offline, and a
 * person with no ongoing block left is no longer online. Returns the accounts that changed.
 */
export async function closeSilentBlocks(
  db: DbOrTx,
  now = new Date(),
): Promise<{ closed: number; accountIds: string[] }> {
  const open = await db.execute<OpenBlock>(sql`
    select b.id, b.account_id, b.person_id, b.person_integration_id,
           (extract(epoch from b.start_time) * 1000)::float8 as start_ms,
           (extract(epoch from b.last_sample_at) * 1000)::float8 as last_ms,
           s.provider, s.interval_minutes as service_interval, i.config->>${SILENCE_TIMEOUT_KEY} as silence_timeout,
           array(select x.ms from (select (extract(epoch from ps.at) * 1000)::float8 as ms from presence_samples ps
                                    where ps.person_integration_id = b.person_integration_id
                                      and ps.at <= b.last_sample_at
                                    order by ps.at desc limit ${STATE_SAMPLES}) x order by x.ms) as recent_ms,
           ${accountLimitSql}
      from activity_blocks b
      join integrations i on i.id = b.integration_id
      join services s on s.id = i.service_id
      join accounts a on a.id = b.account_id
     where b.end_time is null and b.edited_at is null`);
  const t = now.getTime();
  const toClose = open.rows.flatMap((b) => {
    const stepMs =
      stepMinutesOf({
        provider: b.provider,
        serviceIntervalMinutes: b.service_interval,
        account: limitSettingsOf(b),
      }) * 60_000;
    const recent = b.recent_ms[b.recent_ms.length - 1] === b.last_ms ? b.recent_ms : [b.last_ms];
    const pace = paceAt(recent, { stepMs, silenceTimeoutMs: silenceTimeoutMsOf(b.silence_timeout) });
    if (t - b.last_ms <= pace.timeoutMs) return [];
    return [{ ...b, end: b.last_ms + pace.cadenceMs }];
  });
  if (toClose.length === 0) return { closed: 0, accountIds: [] };

  const values = JSON.stringify(toClose.map((b) => ({ id: b.id, last: isoOf(b.last_ms), end_at: isoOf(b.end) })));
  const closed = await db.execute<{
    id: string;
    person_id: string;
    person_integration_id: string;
    account_id: string;
  }>(sql`
    update activity_blocks b set end_time = v.end_at, updated_at = now()
      from jsonb_to_recordset(${values}::jsonb) as v(id uuid, last timestamptz, end_at timestamptz)
     where b.id = v.id and b.end_time is null and b.last_sample_at = v.last and v.end_at is not null
    returning b.id, b.person_id, b.person_integration_id, b.account_id`);
  if (closed.rows.length === 0) return { closed: 0, accountIds: [] };

  const pis = `{${[...new Set(closed.rows.map((r) => r.person_integration_id))].join(',')}}`;
  const personIds = [...new Set(closed.rows.map((r) => r.person_id))];
  await db.execute(sql`
    update person_integrations set last_status = 'offline', updated_at = now()
     where id = any(${pis}::uuid[]) and last_status in ('online', 'dnd', 'meeting', 'busy')`);
  await db.execute(sql`
    update people p set is_online = false, updated_at = now()
     where p.id = any(${`{${personIds.join(',')}}`}::uuid[]) and p.is_online
       and not exists (select 1 from activity_blocks b where b.person_id = p.id and b.end_time is null)`);
  const from = Math.min(...toClose.map((b) => b.start_ms));
  await refreshRollups(db, personIds, new Date(from), now, now);
  return { closed: closed.rows.length, accountIds: [...new Set(closed.rows.map((r) => r.account_id))] };
}
