import type { PersonDetail, PersonStats } from '@overlap/contract/people';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { addDays, localDateOf } from '../../lib/zoned-time.ts';
import { findPersonIntegrations, findPersonRow, type PersonRow, timezoneOf, toPerson } from './person-queries.ts';

export const STATS_DAYS = 30;

interface StatsRow extends Record<string, unknown> {
  minutes: number;
  active_days: number;
  blocks: number;
  events: number;
  first_at: Date | null;
  last_start: Date | null;
  last_end: Date | null;
  last_open: boolean | null;
}

/** The stat cards: the last 30 local days from the rollups, first and last activity from the blocks. */
async function computeStats(db: DbOrTx, person: PersonRow): Promise<PersonStats> {
  const today = localDateOf(new Date(), timezoneOf(person));
  const since = addDays(today, -(STATS_DAYS - 1));
  const result = await db.execute<StatsRow>(sql`
    select
      coalesce(sum(r.minutes_online), 0)::int as minutes,
      count(*) filter (where r.minutes_online > 0)::int as active_days,
      coalesce(sum(r.blocks), 0)::int as blocks,
      coalesce(sum(r.events), 0)::int as events,
      (select min(b.start_time) from activity_blocks b where b.person_id = ${person.id}) as first_at,
      last.start_time as last_start, last.end_time as last_end, (last.start_time is not null and last.end_time is null) as last_open
    from (select 1) one
    left join person_daily_rollups r on r.person_id = ${person.id} and r.day between ${since}::date and ${today}::date
    left join lateral (
      select b.start_time, b.end_time from activity_blocks b where b.person_id = ${person.id}
      order by b.start_time desc limit 1
    ) last on true
    group by last.start_time, last.end_time`);
  const s = result.rows[0];
  const minutes = s?.minutes ?? 0;
  const activeDays = s?.active_days ?? 0;
  const lastActivity = s?.last_open ? new Date() : (s?.last_end ?? s?.last_start ?? null);
  return {
    periodDays: STATS_DAYS,
    totalMinutes: minutes,
    activeDays,
    totalBlocks: s?.blocks ?? 0,
    totalEvents: s?.events ?? 0,
    averageMinutesPerActiveDay: activeDays > 0 ? Math.round(minutes / activeDays) : 0,
    firstActivityAt: s?.first_at ? new Date(s.first_at).toISOString() : null,
    lastActivityAt: lastActivity ? new Date(lastActivity).toISOString() : null,
  };
}

export async function getPersonDetail(ctx: Ctx, id: string): Promise<PersonDetail> {
  const person = await findPersonRow(ctx.db, ctx.accountId, id);
  if (!person) throw notFound('Person');
  const [links, stats] = await Promise.all([
    findPersonIntegrations(ctx.db, ctx.accountId, [person.id]),
    computeStats(ctx.db, person),
  ]);
  return { ...toPerson(person), personIntegrations: links.get(person.id) ?? [], stats };
}
