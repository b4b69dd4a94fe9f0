import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { people } from '../db/schema/activity.ts';
import { effectiveTimezone } from './timezone.ts';

/**
 * Recomputes person_daily_rollups for the persons' local days touching [from, to]: minutes online
 * with overlapping blocks of several integrations merged (an hour on two tools counts once), the
 * blocks that start that day and the events of that day. Days left with nothing are removed.
 * Three queries whatever the number of people and days.
 */
export async function refreshRollups(
  tx: DbOrTx,
  personIds: string[],
  from: Date,
  to: Date,
  now: Date = new Date(),
): Promise<void> {
  const ids = [...new Set(personIds)];
  if (ids.length === 0) return;
  const lo = from <= to ? from : to;
  const hi = from <= to ? to : from;
  const rows = await tx
    .select({
      id: people.id,
      accountId: people.accountId,
      manual: people.timezoneManual,
      automatic: people.timezoneAutomatic,
    })
    .from(people)
    .where(inArray(people.id, ids));
  if (rows.length === 0) return;
  const persons = JSON.stringify(
    rows.map((r) => ({ id: r.id, account_id: r.accountId, tz: effectiveTimezone(r.manual, r.automatic) })),
  );
  const nowIso = now.toISOString();

  await tx.execute(sql`
    with p as (
      select * from jsonb_to_recordset(${persons}::jsonb) as p(id uuid, account_id uuid, tz text)
    ),
    d as (
      select p.id as person_id, p.account_id, g::date as day,
             (g::date::timestamp at time zone p.tz) as ws,
             ((g::date + 1)::timestamp at time zone p.tz) as we
      from p,
           generate_series((${lo.toISOString()}::timestamptz at time zone p.tz)::date,
                           (${hi.toISOString()}::timestamptz at time zone p.tz)::date,
                           interval '1 day') as g
    )
    insert into person_daily_rollups (person_id, day, account_id, minutes_online, blocks, events, updated_at)
    select d.person_id, d.day, d.account_id,
      coalesce((
        select round(sum(extract(epoch from upper(r) - lower(r))) / 60)::int
        from unnest((
          select range_agg(tstzrange(greatest(b.start_time, d.ws), least(coalesce(b.end_time, ${nowIso}::timestamptz), d.we)))
          from activity_blocks b
          where b.person_id = d.person_id
            and b.start_time < d.we
            and coalesce(b.end_time, ${nowIso}::timestamptz) > greatest(b.start_time, d.ws)
        )) as r
      ), 0),
      (select count(*)::int from activity_blocks b
        where b.person_id = d.person_id and b.start_time >= d.ws and b.start_time < d.we),
      (select count(*)::int from activity_events e
        where e.person_id = d.person_id and e.timestamp >= d.ws and e.timestamp < d.we),
      now()
    from d
    on conflict (person_id, day) do update set
      account_id = excluded.account_id,
      minutes_online = excluded.minutes_online,
      blocks = excluded.blocks,
      events = excluded.events,
      updated_at = excluded.updated_at
  `);

  await tx.execute(sql`
    delete from person_daily_rollups r
    using jsonb_to_recordset(${persons}::jsonb) as p(id uuid, account_id uuid, tz text)
    where r.person_id = p.id
      and r.day between (${lo.toISOString()}::timestamptz at time zone p.tz)::date
                    and (${hi.toISOString()}::timestamptz at time zone p.tz)::date
      and r.minutes_online = 0 and r.blocks = 0 and r.events = 0
  `);
}
