import type { ActivitiesResponse, DashboardPerson } from '@overlap/contract/activity';
import type { Ctx } from '../../core/context.ts';
import { preparedRows } from '../../db/prepared.ts';
import { PREDICTIONS_FEATURE } from '../../engine/predictions/feature.ts';
import { effectiveTimezone } from '../../lib/zoned-time.ts';
import { type DayRow, dayStatement } from './day-json-queries.ts';
import { resolveDayWindow } from './day-window.ts';

/**
 * The dashboard day as JSON text: every active person of the account (only `visiblePeople` when
 * given) with the blocks, events and predictions of the day window in the viewer's timezone. One
 * statement returns a row per person with the lists already written as JSON items
 * (`day-json-queries.ts`), so the large part of the answer is never parsed into objects nor
 * stringified. The text is exactly an `ActivitiesResponse`, people in list order.
 */
export async function getActivitiesDayJson(
  ctx: Ctx,
  query: { date?: string; tz?: string; visiblePeople?: string[] },
  now = new Date(),
): Promise<string> {
  const timeZone = query.tz ?? 'UTC';
  const window = resolveDayWindow(query.date, timeZone, now);
  const rows = await preparedRows<DayRow>(
    ctx.db,
    dayStatement({
      accountId: ctx.accountId,
      visiblePeople: query.visiblePeople,
      from: window.from,
      to: window.to,
      now,
      feature: PREDICTIONS_FEATURE,
    }),
  );
  const people = rows.map((p) => {
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
    return `${openObject(head)},"activityBlocks":[${p.blocks ?? ''}],"activityEvents":[${p.events ?? ''}],"activityPredictions":[${p.predictions ?? ''}]}`;
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
