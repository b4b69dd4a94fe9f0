import { formatDayMonth, formatDuration, formatTime, formatter } from '../../../lib/format-time';

/** The clock of an instant in a timezone, in the user's 12- or 24-hour format. */
export function clockIn(at: Date | number | string, timeZone: string): string {
  return formatTime(at, { timeZone });
}

/** '14:00–16:30' between two instants in a timezone. */
export const clockRange = (start: string | number, end: string | number, timeZone: string) =>
  `${clockIn(start, timeZone)}–${clockIn(end, timeZone)}`;

/** A duration as '4h 45m', '2h' or '30m'. */
export function durationText(ms: number): string {
  return formatDuration(ms / 60_000);
}

/** YYYY-MM-DD of an instant in a timezone (one shared formatter per zone: the strip asks per half hour). */
export function dateKeyIn(at: Date | number | string, timeZone: string): string {
  const parts: Record<string, string> = {};
  const dayFormat = formatter('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
  for (const p of dayFormat.formatToParts(new Date(at))) parts[p.type] = p.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** 'Today', 'Tomorrow' or 'Wed, Jun 12' for an instant's day in a timezone, relative to `today` there. */
export function dayLabel(at: string | number, timeZone: string, today: string): string {
  const key = dateKeyIn(at, timeZone);
  if (key === today) return 'Today';
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  if (key === tomorrow) return 'Tomorrow';
  return formatDayMonth(at, { timeZone });
}

/** '80%' */
export const percent = (x: number) => `${Math.round(x * 100)}%`;
