import { DAY_NAMES, type WeeklyData } from '@overlap/contract/calendars';
import type { Ctx } from '../../core/context.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { PREDICTIONS_FEATURE } from '../../engine/predictions/feature.ts';
import { addDays, isRealDate, localDateOf, mondayOf, startOfLocalDay } from '../../lib/zoned-time.ts';
import { findBlocksInWindow, findEventsInWindow, findPredictionsInWindow } from '../activities/read-queries.ts';
import { findPersonBasics, timezoneOf } from '../people/person-queries.ts';

const overlaps = (start: string, end: string | null, from: number, to: number) =>
  Date.parse(start) < to && (end === null || Date.parse(end) > from);

/** The Monday-to-Sunday week containing `date`, cut into days in the person's timezone. */
export async function getPersonWeek(ctx: Ctx, personId: string, date: string | undefined): Promise<WeeklyData> {
  const person = await findPersonBasics(ctx.db, ctx.accountId, personId);
  if (!person) throw notFound('Person');
  const timeZone = timezoneOf(person);
  const day = date ?? localDateOf(new Date(), timeZone);
  if (!isRealDate(day)) throw fieldError('date', 'must be a real calendar day in the form YYYY-MM-DD');
  const monday = mondayOf(day);
  const dates = DAY_NAMES.map((_, i) => addDays(monday, i));
  const bounds = [...dates, addDays(monday, 7)].map((d) => startOfLocalDay(d, timeZone).getTime());
  const window = { from: new Date(bounds[0] as number), to: new Date(bounds[7] as number) };
  const ids = [person.id];
  const [blocks, events, predictions] = await Promise.all([
    findBlocksInWindow(ctx.db, ctx.accountId, ids, window),
    findEventsInWindow(ctx.db, ctx.accountId, ids, window),
    findPredictionsInWindow(ctx.db, ctx.accountId, ids, window, PREDICTIONS_FEATURE),
  ]);
  return {
    personId: person.id,
    personName: person.name ?? person.email ?? person.person_identifier,
    personColor: person.color,
    personTimezone: timeZone,
    weekStart: monday,
    weekEnd: addDays(monday, 6),
    dailyActivities: dates.map((d, i) => {
      const from = bounds[i] as number;
      const to = bounds[i + 1] as number;
      return {
        date: d,
        dayOfWeek: DAY_NAMES[i] ?? 'Monday',
        activityBlocks: blocks
          .filter((b) => overlaps(b.startTime, b.endTime, from, to))
          .map(({ personId: _, ...b }) => b),
        activityEvents: events
          .filter((e) => {
            const at = Date.parse(e.timestamp);
            return at >= from && at < to;
          })
          .map(({ personId: _, ...e }) => e),
        activityPredictions: predictions
          .filter((p) => overlaps(p.startTime, p.endTime, from, to))
          .map(({ personId: _, ...p }) => p),
      };
    }),
  };
}
