import { tzOffsetMs } from '../../lib/zoned-time.ts';

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/** The instant the wall clock in `timeZone` reads `minutes` after 00:00 on `date` (YYYY-MM-DD). */
export function wallClockToInstant(date: string, minutes: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) + minutes * MINUTE;
  const guess = wall - tzOffsetMs(timeZone, wall);
  return wall - tzOffsetMs(timeZone, guess);
}

/** Minutes after local midnight of `instant` in `timeZone` (0..1439). */
export function minuteOfDay(instant: number, timeZone: string): number {
  const local = Math.floor((instant + tzOffsetMs(timeZone, instant)) / MINUTE);
  return ((local % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
}

/** 'HH:MM' for minutes after midnight (1440 reads '00:00'). */
export function clockText(minutes: number): string {
  const m = ((Math.round(minutes) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** ISO 8601 with the offset `timeZone` has at `instant`, to the second: 2025-06-10T09:03:00+02:00. */
export function zonedIso(instant: number, timeZone: string): string {
  const offset = tzOffsetMs(timeZone, instant);
  const local = new Date(Math.floor(instant / 1000) * 1000 + offset).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset) / MINUTE;
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
