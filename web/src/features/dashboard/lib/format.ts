import { formatter } from '../../../lib/format-time';

/** 'HH:mm' of an instant in a timezone (UTC for an unknown zone). */
export function formatClock(at: Date | number, timeZone: string): string {
  return formatter('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(at);
}

/** 'Thu, May 1, 14:05' of an instant in the viewer's timezone. */
export function formatDateTime(at: string | Date): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return 'Invalid date';
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);
}

/** The viewer's IANA timezone. */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
