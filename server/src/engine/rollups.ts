import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { people } from '../db/schema/activity.ts';
import { effectiveTimezone } from '../lib/zoned-time.ts';

/** The local days of one person touching [from, to] (epoch ms, either order). */
export interface RollupRange {
  personId: string;
  from: number;
  to: number;
  /**
   * The person's account and effective timezone when the caller already knows them (the push
   * path resolved them under the person's row lock); otherwise they are read from people.
   */
  known?: { accountId: string; timezone: string };
}

/**
 * Recomputes person_daily_rollups for the persons' local days touching [from, to]: minutes online
 * with overlapping blocks of several integrations merged (an hour on two tools counts once), the
 * blocks that start that day and the events of that day. Days left with nothing are removed.
 */
export async function refreshRollups(
  tx: DbOrTx,
  personIds: string[],
  from: Date,
  to: Date,
  now: Date = new Date(),
): Promise<void> {
  const ranges = [...new Set(personIds)].map((personId) => ({ personId, from: from.getTime(), to: to.getTime() }));
  await refreshRollupRanges(tx, ranges, now);
}

async function readPeople(tx: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: people.id,
      accountId: people.accountId,
      manual: people.timezoneManual,
      automatic: people.timezoneAutomatic,
    })
    .from(people)
    .where(inArray(people.id, ids));
}

/**
 * refreshRollups with a range per person (ranges of one person are merged). Two statements
 * whatever the number of people and days; rows whose figures did not change are not rewritten.
 * Each day reads only the blocks starting from the day before (index range on person and start)
 * plus the person's ongoing and longer-than-a-day blocks (partial index), never the whole history.
 */
export async function refreshRollupRanges(tx: DbOrTx, ranges: RollupRange[], now: Date = new Date()): Promise<void> {
  const merged = new Map<string, { lo: number; hi: number; known?: RollupRange['known'] }>();
  for (const r of ranges) {
    if (!Number.isFinite(r.from) || !Number.isFinite(r.to)) continue;
    const lo = Math.min(r.from, r.to);
    const hi = Math.max(r.from, r.to);
    const seen = merged.get(r.personId);
    merged.set(
      r.personId,
      seen
        ? { lo: Math.min(seen.lo, lo), hi: Math.max(seen.hi, hi), known: seen.known ?? r.known }
        : { lo, hi, known: r.known },
    );
  }
  if (merged.size === 0) return;
  const owners = new Map<string, { accountId: string; tz: string }>();
  const unknown: string[] = [];
  for (const [id, range] of merged) {
    if (range.known) owners.set(id, { accountId: range.known.accountId, tz: effectiveTimezone(range.known.timezone) });
    else unknown.push(id);
  }
  for (const r of await readPeople(tx, unknown)) {
    owners.set(r.id, { accountId: r.accountId, tz: effectiveTimezone(r.manual, r.automatic) });
  }
  if (owners.size === 0) return;
  const persons = JSON.stringify(
    [...owners].map(([id, person]) => {
      const range = merged.get(id) as { lo: number; hi: number };
      return {
        id,
        account_id: person.accountId,
        tz: person.tz,
        lo: new Date(range.lo).toISOString(),
        hi: new Date(range.hi).toISOString(),
      };
    }),
  );
  const nowIso = now.toISOString();

  await tx.execute(sql`
    with p as (
      select * from jsonb_to_recordset(${persons}::jsonb)
        as p(id uuid, account_id uuid, tz text, lo timestamptz, hi timestamptz)
    ),
    d as (
      select p.id as person_id, p.account_id, g::date as day,
             (g::date::timestamp at time zone p.tz) as ws,
             ((g::date + 1)::timestamp at time zone p.tz) as we
      from p,
           generate_series((p.lo at time zone p.tz)::date, (p.hi at time zone p.tz)::date, interval '1 day') as g
    ),
    figures as (
      select d.person_id, d.day, d.account_id,
        coalesce((
          select round(sum(extract(epoch from upper(r) - lower(r))) / 60)::int
          from unnest((
            select range_agg(tstzrange(greatest(b.start_time, d.ws), least(coalesce(b.end_time, ${nowIso}::timestamptz), d.we)))
            from (
              select b.start_time, b.end_time from activity_blocks b
               where b.person_id = d.person_id
                 and b.start_time >= d.ws - interval '1 day' and b.start_time < d.we
              union all
              select b.start_time, b.end_time from activity_blocks b
               where b.person_id = d.person_id
                 and (b.end_time is null or b.end_time - b.start_time > interval '1 day')
                 and b.start_time < d.ws - interval '1 day'
            ) b
            where coalesce(b.end_time, ${nowIso}::timestamptz) > greatest(b.start_time, d.ws)
          )) as r
        ), 0) as minutes_online,
        (select count(*)::int from activity_blocks b
          where b.person_id = d.person_id and b.start_time >= d.ws and b.start_time < d.we) as blocks,
        (select count(*)::int from activity_events e
          where e.person_id = d.person_id and e.timestamp >= d.ws and e.timestamp < d.we) as events
      from d
    ),
    removed as (
      delete from person_daily_rollups r
       using figures f
       where r.person_id = f.person_id and r.day = f.day
         and f.minutes_online = 0 and f.blocks = 0 and f.events = 0
    )
    insert into person_daily_rollups as r (person_id, day, account_id, minutes_online, blocks, events, updated_at)
    select f.person_id, f.day, f.account_id, f.minutes_online, f.blocks, f.events, now()
      from figures f
     where f.minutes_online <> 0 or f.blocks <> 0 or f.events <> 0
    on conflict (person_id, day) do update set
      account_id = excluded.account_id,
      minutes_online = excluded.minutes_online,
      blocks = excluded.blocks,
      events = excluded.events,
      updated_at = excluded.updated_at
    where (r.account_id, r.minutes_online, r.blocks, r.events)
          is distinct from (excluded.account_id, excluded.minutes_online, excluded.blocks, excluded.events)
  `);
}
