import { FULL_SCORE_MINUTES, type YearlyData } from '@overlap/contract/calendars';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { preparedRows } from '../../db/prepared.ts';
import { addDays, localDateOf } from '../../lib/zoned-time.ts';
import { findPersonBasics, timezoneOf } from '../people/person-queries.ts';

/** min(1, minutes / 600) rounded to 2 decimals: 10 hours online (the top heat-map band) is a full day. */
export function activityScoreOf(minutes: number): number {
  return Math.round(Math.min(1, Math.max(0, minutes) / FULL_SCORE_MINUTES) * 100) / 100;
}

interface RollupRow extends Record<string, unknown> {
  day: string;
  minutes_online: number;
  blocks: number;
  events: number;
}

/** Every day of `year` (default: the current year where the person is), read from the daily rollups. */
export async function getPersonYear(ctx: Ctx, personId: string, year: number | undefined): Promise<YearlyData> {
  const person = await findPersonBasics(ctx.db, ctx.accountId, personId);
  if (!person) throw notFound('Person');
  const timeZone = timezoneOf(person);
  const wanted = year ?? Number(localDateOf(new Date(), timeZone).slice(0, 4));
  const first = `${String(wanted).padStart(4, '0')}-01-01`;
  const last = `${String(wanted).padStart(4, '0')}-12-31`;
  const rows = await preparedRows<RollupRow>(
    ctx.db,
    sql`
    select to_char(day, 'YYYY-MM-DD') as day, minutes_online, blocks, events from person_daily_rollups
    where person_id = ${person.id} and account_id = ${ctx.accountId} and day between ${first}::date and ${last}::date`,
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const dailySummaries: YearlyData['dailySummaries'] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) {
    const r = byDay.get(d);
    const totalMinutes = r?.minutes_online ?? 0;
    dailySummaries.push({
      date: d,
      activityScore: activityScoreOf(totalMinutes),
      totalBlocks: r?.blocks ?? 0,
      totalEvents: r?.events ?? 0,
      totalMinutes,
    });
  }
  return {
    personId: person.id,
    personName: person.name ?? person.email ?? person.person_identifier,
    personColor: person.color,
    personTimezone: timeZone,
    year: wanted,
    dailySummaries,
  };
}
