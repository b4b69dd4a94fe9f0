import type { ActivitiesResponse, DashboardPerson } from '@overlap/contract/activity';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../core/context.ts';
import { preparedRows } from '../../db/prepared.ts';
import { PREDICTIONS_FEATURE } from '../../engine/predictions/feature.ts';
import { effectiveTimezone } from '../../lib/zoned-time.ts';
import { findBlocksJson, findEventsJson, findPredictionsJson } from './day-json-queries.ts';
import { resolveDayWindow } from './day-window.ts';
import { uuidArray } from './read-queries.ts';

interface DashboardPersonRow extends Record<string, unknown> {
  id: string;
  name: string | null;
  email: string | null;
  status: 'active' | 'unassigned' | 'ignored';
  color: string | null;
  timezone_manual: string | null;
  timezone_automatic: string | null;
  is_online: boolean;
  /** `toISOString()` of the time, written by PostgreSQL. */
  last_seen_at: string | null;
  person_identifier: string | null;
  is_demo: boolean;
}

/**
 * The dashboard day as JSON text: every active person of the account (only `visiblePeople` when
 * given) with the blocks, events and predictions of the day window in the viewer's timezone. Four
 * queries run in parallel, whatever the number of people; each person's lists are written
 * from text columns (`day-json-queries.ts`), so the large part of the answer is never parsed
 * into objects nor stringified. The text is exactly an `ActivitiesResponse`, people in list order.
 */
export async function getActivitiesDayJson(
  ctx: Ctx,
  query: { date?: string; tz?: string; visiblePeople?: string[] },
  now = new Date(),
): Promise<string> {
  const timeZone = query.tz ?? 'UTC';
  const window = resolveDayWindow(query.date, timeZone, now);
  const visible = query.visiblePeople;
  const shown = sql`select id from people
    where account_id = ${ctx.accountId} and status = 'active' and archived_at is null
      ${visible ? sql`and id = any(${uuidArray(visible)})` : sql``}`;
  const [peopleRows, blocksOf, eventsOf, predictionsOf] = await Promise.all([
    preparedRows<DashboardPersonRow>(
      ctx.db,
      sql`
      select id, name, email, status, color, timezone_manual, timezone_automatic, is_online,
        to_char(last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_seen_at,
        person_identifier, is_demo
      from people p where p.id in (${shown})
      order by lower(coalesce(name, email, person_identifier, '')), created_at, id`,
    ),
    findBlocksJson(ctx.db, ctx.accountId, shown, window, now),
    findEventsJson(ctx.db, ctx.accountId, shown, window),
    findPredictionsJson(ctx.db, ctx.accountId, shown, window, now, PREDICTIONS_FEATURE),
  ]);
  const people = peopleRows.map((p) => {
    const head: Omit<DashboardPerson, 'activityBlocks' | 'activityEvents' | 'activityPredictions'> = {
      id: p.id,
      name: p.name,
      email: p.email,
      status: p.status,
      color: p.color,
      timezone: effectiveTimezone(p.timezone_manual, p.timezone_automatic),
      isOnline: p.is_online,
      lastSeenAt: p.last_seen_at,
      personIdentifier: p.person_identifier,
      isDemo: p.is_demo,
    };
    return `${openObject(head)},"activityBlocks":${blocksOf.get(p.id) ?? '[]'},"activityEvents":${
      eventsOf.get(p.id) ?? '[]'
    },"activityPredictions":${predictionsOf.get(p.id) ?? '[]'}}`;
  });
  const head: Omit<ActivitiesResponse, 'people'> = {
    date: window.date,
    timezone: timeZone,
    windowStart: window.from.toISOString(),
    windowEnd: window.to.toISOString(),
  };
  return `${openObject(head)},"people":[${people.join(',')}]}`;
}

/** `JSON.stringify` of a non-empty object without its closing brace, to append more fields. */
const openObject = (value: object) => JSON.stringify(value).slice(0, -1);
