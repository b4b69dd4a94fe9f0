import type { ActivitiesResponse } from '@overlap/contract/activity';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../core/context.ts';
import { preparedRows } from '../../db/prepared.ts';
import { PREDICTIONS_FEATURE } from '../../engine/predictions/feature.ts';
import { effectiveTimezone } from '../../lib/zoned-time.ts';
import { resolveDayWindow } from './day-window.ts';
import {
  findBlocksInWindow,
  findEventsInWindow,
  findPredictionsInWindow,
  groupByPerson,
  uuidArray,
} from './read-queries.ts';

interface DashboardPersonRow extends Record<string, unknown> {
  id: string;
  name: string | null;
  email: string | null;
  status: 'active' | 'unassigned' | 'ignored';
  color: string | null;
  timezone_manual: string | null;
  timezone_automatic: string | null;
  is_online: boolean;
  last_seen_at: Date | null;
  person_identifier: string | null;
  is_demo: boolean;
}

/**
 * The dashboard day: every active person of the account (only `visiblePeople` when given) with the
 * blocks, events and predictions of the day window in the viewer's timezone: four queries run in
 * parallel, whatever the number of people.
 */
export async function getActivitiesDay(
  ctx: Ctx,
  query: { date?: string; tz?: string; visiblePeople?: string[] },
): Promise<ActivitiesResponse> {
  const timeZone = query.tz ?? 'UTC';
  const window = resolveDayWindow(query.date, timeZone);
  const visible = query.visiblePeople;
  const shown = sql`select id from people
    where account_id = ${ctx.accountId} and status = 'active' and archived_at is null
      ${visible ? sql`and id = any(${uuidArray(visible)})` : sql``}`;
  // One round trip: people, blocks, events and (with the feature flag) predictions in parallel.
  const [peopleRows, blocks, events, predictions] = await Promise.all([
    preparedRows<DashboardPersonRow>(
      ctx.db,
      sql`
      select id, name, email, status, color, timezone_manual, timezone_automatic, is_online, last_seen_at,
        person_identifier, is_demo
      from people p where p.id in (${shown})
      order by lower(coalesce(name, email, person_identifier, '')), created_at, id`,
    ),
    findBlocksInWindow(ctx.db, ctx.accountId, shown, window),
    findEventsInWindow(ctx.db, ctx.accountId, shown, window),
    findPredictionsInWindow(ctx.db, ctx.accountId, shown, window, PREDICTIONS_FEATURE),
  ]);
  const blocksOf = groupByPerson(blocks);
  const eventsOf = groupByPerson(events);
  const predictionsOf = groupByPerson(predictions);
  return {
    date: window.date,
    timezone: timeZone,
    windowStart: window.from.toISOString(),
    windowEnd: window.to.toISOString(),
    people: peopleRows.map((p) => ({
      id: p.id,
      name: p.name,
      email: p.email,
      status: p.status,
      color: p.color,
      timezone: effectiveTimezone(p.timezone_manual, p.timezone_automatic),
      isOnline: p.is_online,
      lastSeenAt: p.last_seen_at ? new Date(p.last_seen_at).toISOString() : null,
      personIdentifier: p.person_identifier,
      isDemo: p.is_demo,
      activityBlocks: blocksOf.get(p.id) ?? [],
      activityEvents: eventsOf.get(p.id) ?? [],
      activityPredictions: predictionsOf.get(p.id) ?? [],
    })),
  };
}
