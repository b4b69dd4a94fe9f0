import { formatter } from '../../../lib/format-time';

/** 'HH:mm' of an instant in a timezone. */
export function clockIn(at: Date | number | string, timeZone: string): string {
  return formatter('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(at));
}

/** '14:00–16:30' between two instants in a timezone. */
export const clockRange = (start: string | number, end: string | number, timeZone: string) =>
  `${clockIn(start, timeZone)}–${clockIn(end, timeZone)}`;

/** A duration as '4h 45m', '2h' or '30m'. */
export function durationText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}m`;
  return m === 0 ? `${h}h` : `${h}h ${m}m`;
}

/** YYYY-MM-DD of an instant in a timezone. */
export function dateKeyIn(at: Date | number | string, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const p of formatter('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).formatToParts(
    new Date(at),
  )) {
    parts[p.type] = p.value;
  }
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** 'Today', 'Tomorrow' or 'Wed, Jun 12' for an instant's day in a timezone, relative to `today` there. */
export function dayLabel(at: string | number, timeZone: string, today: string): string {
  const key = dateKeyIn(at, timeZone);
  if (key === today) return 'Today';
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  if (key === tomorrow) return 'Tomorrow';
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone }).format(
    new Date(at),
  );
}

/** '80%' */
export const percent = (x: number) => `${Math.round(x * 100)}%`;
