import { formatDate } from './format-time';

type DateInput = Date | string | number | null | undefined;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const INVALID_DATE = 'invalid date';

/** A Date from a Date, ISO string or epoch milliseconds; null when the input is missing or unparsable. */
function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** '1 May 2025', the app's one date format (viewer's timezone). */
export const formatShortDate = (date: Date): string => formatDate(date);

/**
 * Relative time (spec 000 §9): 'just now' under 10 seconds, then seconds, minutes, hours,
 * and days up to 7; older (or future) instants show a date. Bad input gives 'invalid date'.
 */
export function formatRelativeTime(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return INVALID_DATE;
  const diff = now.getTime() - date.getTime();
  if (diff < -10 * SECOND) return formatShortDate(date);
  if (diff < 10 * SECOND) return 'just now';
  if (diff < MINUTE) return plural(Math.floor(diff / SECOND), 'second');
  if (diff < HOUR) return plural(Math.floor(diff / MINUTE), 'minute');
  if (diff < DAY) return plural(Math.floor(diff / HOUR), 'hour');
  if (diff < 7 * DAY) return plural(Math.floor(diff / DAY), 'day');
  return formatShortDate(date);
}

/** Calendar distance in days, months or years ('today', '3 days ago', '2 months ago', '1 year ago'). */
export function formatDateAgo(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return INVALID_DATE;
  const days = Math.floor((now.getTime() - date.getTime()) / DAY);
  if (days < 1) return 'today';
  if (days < 30) return plural(days, 'day');
  const months = (now.getFullYear() - date.getFullYear()) * 12 + now.getMonth() - date.getMonth();
  const wholeMonths = now.getDate() < date.getDate() ? months - 1 : months;
  if (wholeMonths < 12) return plural(Math.max(1, wholeMonths), 'month');
  return plural(Math.floor(wholeMonths / 12), 'year');
}

/** The compact age of the footer: 'Nm ago' under an hour, 'Nh ago' under a day, else 'Nd ago'. */
export function formatAge(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return INVALID_DATE;
  const diff = Math.max(0, now.getTime() - date.getTime());
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}m ago`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}h ago`;
  return `${Math.floor(diff / DAY)}d ago`;
}
