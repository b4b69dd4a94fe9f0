import { formatDateTime, formatDayMonth, formatDuration } from '../../../lib/format-time';

/** '14 Mar, 09:30' (or '14 Mar, 9:30 AM') of an instant, in the viewer's timezone unless one is given. */
export function formatInstant(iso: string, timeZone?: string): string {
  if (Number.isNaN(new Date(iso).getTime())) return '—';
  return formatDateTime(iso, { year: false, ...(timeZone ? { timeZone } : {}) });
}

/** 'Sat 14 Nov' of a calendar day key ('2026-11-14'); the key itself when it is not one. */
export function formatDayKey(key: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(key)) return key;
  return formatDayMonth(`${key}T12:00:00Z`, { timeZone: 'UTC' });
}

/** The dashboard's address of a day ('/#2026-11-14'). */
export const dayHref = (key: string) => `/#${key}`;

/** '9h 30m' of a number of hours. */
export const formatHours = (hours: number) => formatDuration(hours * 60);

/** '45m', '1h 35m', '2d 3h' */
export const formatMinutes = (total: number) => formatDuration(total, { days: true });

/** A block's person, or 'Unknown person' when the name is missing. */
export const personLabel = (personName: string | null) => personName ?? 'Unknown person';
