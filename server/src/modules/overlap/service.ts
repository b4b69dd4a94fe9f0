import type { AvailabilityResponse, OverlapResponse } from '@overlap/contract/overlap';
import type { Ctx } from '../../core/context.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { addDays, isRealDate, localDateOf, startOfLocalDay } from '../../lib/zoned-time.ts';
import { computePastMasks, findPastMasks, onlineSlotsOf, pastDaysOf } from './past-days.ts';
import { bestWindowsOfPlan, overlapJson, type PersonActivity, planSlotArrays, SLOT_MS } from './planner.ts';
import {
  findAccountPerson,
  findActivePeople,
  findBlockSpans,
  findBlockSpansByPerson,
  findNextPrediction,
  findPredictedSpans,
} from './queries.ts';
import type { PredictedSpan } from './spans.ts';
import { rangesAsClock, rangesInViewerTime, USUAL_LOOKBACK_DAYS, usualHours } from './usual-hours.ts';

const DAY_MS = 86_400_000;

/**
 * What the planner reads for a window: blocks in [blocksFrom, pastEnd) (after the finished days
 * read from stored masks, `pastDays`), predictions in [futureStart, windowEnd).
 */
export function plannerReads(windowStart: Date, windowEnd: Date, now: Date, usePastDays = true) {
  const pastEnd = new Date(Math.min(windowEnd.getTime(), now.getTime()));
  const futureStart = new Date(Math.max(windowStart.getTime(), now.getTime() - SLOT_MS));
  const pastDays = usePastDays ? pastDaysOf(windowStart.getTime(), windowEnd.getTime(), now.getTime()) : null;
  const blocksFrom = new Date(pastDays ? pastDays.end : windowStart.getTime());
  return { pastEnd, futureStart, pastDays, blocksFrom };
}

/**
 * The overlap planner: `days` days from `from` (today in `tz` when absent), cut into half hours in
 * the viewer's timezone. Past slots come from blocks (finished days from their stored masks,
 * past-days.ts), the current and future ones from predictions (every account: the planner does not
 * depend on the 'predictions' flag, which only decides whether predicted blocks are drawn on the
 * timeline). Four queries in parallel whatever the number of people (people, blocks after the
 * finished days, predictions, the finished days' masks), and one more for masks missing or out of date.
 */
export async function getOverlap(
  ctx: Ctx,
  query: { from?: string; days: number; tz?: string; people?: string[] },
  now = new Date(),
  options: { pastDays?: boolean } = {},
): Promise<OverlapResponse> {
  return JSON.parse((await getOverlapJson(ctx, query, now, options)).toString('utf8')) as OverlapResponse;
}

/** `getOverlap`'s answer as the JSON the route sends (UTF-8, written from the slots' typed arrays). */
export async function getOverlapJson(
  ctx: Ctx,
  query: { from?: string; days: number; tz?: string; people?: string[] },
  now = new Date(),
  options: { pastDays?: boolean } = {},
): Promise<Buffer> {
  const timezone = query.tz ?? 'UTC';
  const from = query.from ?? localDateOf(now, timezone);
  if (!isRealDate(from)) throw fieldError('from', 'must be a real calendar day in the form YYYY-MM-DD');
  const windowStart = startOfLocalDay(from, timezone);
  const windowEnd = startOfLocalDay(addDays(from, query.days), timezone);

  const { pastEnd, futureStart, pastDays, blocksFrom } = plannerReads(windowStart, windowEnd, now, options.pastDays);
  // The spans are read for the asked ids (or the account's active people) beside the people's query:
  // spans of ids that are not active people are then left out.
  const [people, blocks, predictions, masks] = await Promise.all([
    findActivePeople(ctx.db, ctx.accountId, query.people),
    findBlockSpansByPerson(ctx.db, ctx.accountId, query.people, blocksFrom, pastEnd),
    findPredictedSpans(ctx.db, ctx.accountId, query.people, futureStart, windowEnd),
    pastDays ? findPastMasks(ctx.db, ctx.accountId, query.people, pastDays) : null,
  ]);
  const ids = people.map((p) => p.id);
  if (pastDays && masks) {
    const dayCount = pastDays.toDay - pastDays.fromDay;
    const missing = ids.filter((id) => (masks.get(id)?.size ?? 0) < dayCount);
    await computePastMasks(ctx.db, ctx.accountId, missing, pastDays, masks);
  }
  const position = new Map(ids.map((id, n) => [id, n]));
  const activity: (PersonActivity & { predictions: PredictedSpan[] })[] = ids.map((id) => ({
    blocks: blocks.get(id) ?? [],
    predictions: [],
    pastOnline:
      pastDays && masks ? onlineSlotsOf(masks.get(id) ?? new Map(), windowStart.getTime(), pastDays) : undefined,
  }));
  for (const p of predictions) activity[position.get(p.personId) as number]?.predictions.push(p);

  const plan = planSlotArrays({
    windowStart: windowStart.getTime(),
    windowEnd: windowEnd.getTime(),
    now: now.getTime(),
    people: activity,
    pastSlots: pastDays ? Math.round((pastDays.end - windowStart.getTime()) / SLOT_MS) : 0,
  });
  return overlapJson(timezone, ids, plan, bestWindowsOfPlan(plan, ids, now.getTime()));
}

/**
 * When a person is usually online (learnt from the last 28 days, in their time and the viewer's)
 * and, while offline, the next predicted online span.
 */
export async function getAvailability(
  ctx: Ctx,
  personId: string,
  query: { tz?: string },
  now = new Date(),
): Promise<AvailabilityResponse> {
  const viewerTimezone = query.tz ?? 'UTC';
  const person = await findAccountPerson(ctx.db, ctx.accountId, personId);
  if (!person) throw notFound('Person');
  const today = localDateOf(now, person.timezone);
  const since = new Date(startOfLocalDay(today, person.timezone).getTime() - (USUAL_LOOKBACK_DAYS + 1) * DAY_MS);
  const [blocks, next] = await Promise.all([
    findBlockSpans(ctx.db, ctx.accountId, [person.id], since, now),
    person.isOnline ? null : findNextPrediction(ctx.db, ctx.accountId, person.id, now),
  ]);
  const usual = usualHours(
    blocks.map((b) => ({ start: b.start, end: b.end ?? now.getTime() })),
    person.timezone,
    today,
  );
  return {
    personId: person.id,
    timezone: person.timezone,
    viewerTimezone,
    isOnline: person.isOnline,
    usuallyOnline: {
      personTime: rangesAsClock(usual.ranges),
      viewerTime: rangesInViewerTime(usual.ranges, today, person.timezone, viewerTimezone),
      basedOnDays: usual.basedOnDays,
    },
    nextLikelyOnline: next
      ? {
          start: new Date(next.start).toISOString(),
          end: new Date(next.end).toISOString(),
          confidence: Math.round(next.confidence * 100) / 100,
        }
      : null,
  };
}
