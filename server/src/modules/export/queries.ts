import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uuidArray } from '../../db/uuid-array.ts';

export interface DayFigures {
  personId: string;
  date: string;
  onlineMinutes: number;
  blocks: number;
  events: number;
}

/** The daily rollups (each person's local days) of `personIds` from `from` to `to`, inclusive. */
export async function findDayFigures(
  db: DbOrTx,
  accountId: string,
  personIds: readonly string[],
  from: string,
  to: string,
): Promise<DayFigures[]> {
  if (personIds.length === 0) return [];
  const result = await db.execute<{
    person_id: string;
    day: string;
    minutes_online: number;
    blocks: number;
    events: number;
  }>(sql`
    select person_id, day::text as day, minutes_online, blocks, events
      from person_daily_rollups
     where account_id = ${accountId} and person_id = any(${uuidArray(personIds)})
       and day between ${from}::date and ${to}::date`);
  return result.rows.map((r) => ({
    personId: r.person_id,
    date: r.day,
    onlineMinutes: r.minutes_online,
    blocks: r.blocks,
    events: r.events,
  }));
}

export interface EventBounds {
  personId: string;
  date: string;
  first: number;
  last: number;
}

/** First and last event of each person's local day, each person read in their own timezone and range. */
export async function findEventBounds(
  db: DbOrTx,
  accountId: string,
  ranges: readonly { personId: string; timezone: string; from: Date; to: Date }[],
): Promise<EventBounds[]> {
  if (ranges.length === 0) return [];
  const values = JSON.stringify(
    ranges.map((r) => ({ person_id: r.personId, tz: r.timezone, lo: r.from.toISOString(), hi: r.to.toISOString() })),
  );
  const result = await db.execute<{ person_id: string; day: string; first_ms: number; last_ms: number }>(sql`
    select e.person_id, (e.timestamp at time zone v.tz)::date::text as day,
           (extract(epoch from min(e.timestamp)) * 1000)::float8 as first_ms,
           (extract(epoch from max(e.timestamp)) * 1000)::float8 as last_ms
      from jsonb_to_recordset(${values}::jsonb) as v(person_id uuid, tz text, lo timestamptz, hi timestamptz)
      join activity_events e on e.person_id = v.person_id and e.timestamp >= v.lo and e.timestamp < v.hi
     where e.account_id = ${accountId}
     group by 1, 2`);
  return result.rows.map((r) => ({ personId: r.person_id, date: r.day, first: r.first_ms, last: r.last_ms }));
}
