import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { addDays, effectiveTimezone, localDateOf } from '../../lib/zoned-time.ts';
import { accountsSubscribedTo, queueEvent } from './deliveries.ts';

export const DAY_SUMMARY = 'day.summary';

/** A stable uuid for a name, so the same summary produced twice is the same event. */
export function eventIdOf(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

/** The latest day that has ended in every one of `timezones` at `now`. */
export function lastDayEndedEverywhere(timezones: readonly string[], now: Date): string {
  const yesterdays = (timezones.length > 0 ? timezones : ['UTC']).map((tz) => addDays(localDateOf(now, tz), -1));
  return yesterdays.reduce((a, b) => (b < a ? b : a));
}

interface SummaryPerson {
  id: string;
  name: string | null;
  timezone: string;
}

async function activePeople(db: DbOrTx, accountId: string): Promise<SummaryPerson[]> {
  const result = await db.execute<{
    id: string;
    name: string | null;
    timezone_manual: string | null;
    timezone_automatic: string | null;
  }>(sql`
    select id, coalesce(name, email, person_identifier) as name, timezone_manual, timezone_automatic
      from people
     where account_id = ${accountId} and status = 'active' and archived_at is null
     order by lower(coalesce(name, email, person_identifier, '')), id`);
  return result.rows.map((r) => ({
    id: r.id,
    name: r.name,
    timezone: effectiveTimezone(r.timezone_manual, r.timezone_automatic),
  }));
}

async function rollupsOf(db: DbOrTx, accountId: string, date: string) {
  const result = await db.execute<{ person_id: string; minutes_online: number; blocks: number; events: number }>(sql`
    select person_id, minutes_online, blocks, events
      from person_daily_rollups where account_id = ${accountId} and day = ${date}::date`);
  return new Map(result.rows.map((r) => [r.person_id, r]));
}

/**
 * For every account with a webhook for day.summary: the summary of the latest day that has ended
 * for all its active people (each person's own local day), queued once per webhook and day however
 * often and in however many processes this runs.
 */
export async function queueDaySummaries(db: DbOrTx, now = new Date()): Promise<number> {
  let queued = 0;
  for (const accountId of await accountsSubscribedTo(db, DAY_SUMMARY)) {
    const people = await activePeople(db, accountId);
    const date = lastDayEndedEverywhere([...new Set(people.map((p) => p.timezone))], now);
    const figures = await rollupsOf(db, accountId, date);
    const id = eventIdOf(`${DAY_SUMMARY}:${accountId}:${date}`);
    queued += await queueEvent(db, accountId, {
      id,
      type: DAY_SUMMARY,
      payload: {
        id,
        type: DAY_SUMMARY,
        createdAt: now.toISOString(),
        data: {
          date,
          people: people.map((p) => ({
            id: p.id,
            name: p.name,
            timezone: p.timezone,
            onlineMinutes: figures.get(p.id)?.minutes_online ?? 0,
            blocks: figures.get(p.id)?.blocks ?? 0,
            events: figures.get(p.id)?.events ?? 0,
          })),
        },
      },
    });
  }
  return queued;
}
