import { fieldError } from '../../core/errors.ts';
import { addDays, isRealDate, localDateOf, startOfLocalDay } from '../../lib/zoned-time.ts';
import type { TimeWindow } from './read-queries.ts';

/** The day `date` (default: today there) from 00:00 to 24:00 in `timeZone`. */
export function resolveDayWindow(
  date: string | undefined,
  timeZone: string,
  now = new Date(),
): TimeWindow & { date: string } {
  const day = date ?? localDateOf(now, timeZone);
  if (!isRealDate(day)) throw fieldError('date', 'must be a real calendar day in the form YYYY-MM-DD');
  return { date: day, from: startOfLocalDay(day, timeZone), to: startOfLocalDay(addDays(day, 1), timeZone) };
}
