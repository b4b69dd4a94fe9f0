import { TZDate } from '@date-fns/tz';
import { formatter } from '../../../lib/format-time';

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date as YYYY-MM-DD. */
export type DateKey = string;

/** True when the text is a real calendar date in the form YYYY-MM-DD (2025-02-30 is not). */
export function isDateKey(text: string): text is DateKey {
  const m = DATE_KEY.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d;
}

/** The date a URL hash names ('#2025-05-01'), or null for no hash or an invalid one. */
export function parseHashDate(hash: string): DateKey | null {
  const text = decodeURIComponent(hash.replace(/^#/, '')).trim();
  return isDateKey(text) ? text : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const keyOf = (year: number, month: number, day: number): DateKey => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** Today's date in a timezone, as YYYY-MM-DD. */
export function todayKey(timeZone: string, now: Date = new Date()): DateKey {
  const local = new TZDate(now.getTime(), timeZone);
  return keyOf(local.getFullYear(), local.getMonth() + 1, local.getDate());
}

/** Moves a date key by whole days (calendar arithmetic, no timezone involved). */
export function shiftDateKey(key: DateKey, days: number): DateKey {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(y, m - 1, d + days));
  return keyOf(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

// Shared and made on first use: the picker shows 'Today', 'Yesterday' or 'Tomorrow' most of the
// time, and a page's first formatters cost milliseconds each on a phone (its locale data loads).
const WEEKDAY = { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' } as const;
const weekdayDate = () => formatter('en-US', WEEKDAY);
const weekdayDateYear = () => formatter('en-US', { ...WEEKDAY, year: 'numeric' });

/** Midnight at the start of a date in a timezone (the instant the day begins there). */
export function startOfDateIn(key: DateKey, timeZone: string): Date {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, timeZone).getTime());
}

/** The picker label: Today, Yesterday, Tomorrow, otherwise weekday with date ('Mon, May 5'). */
export function dateLabel(key: DateKey, today: DateKey): string {
  if (key === today) return 'Today';
  if (key === shiftDateKey(today, -1)) return 'Yesterday';
  if (key === shiftDateKey(today, 1)) return 'Tomorrow';
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const sameYear = key.slice(0, 4) === today.slice(0, 4);
  return (sameYear ? weekdayDate() : weekdayDateYear()).format(date);
}
