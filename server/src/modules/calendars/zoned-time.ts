/**
 * Calendar arithmetic in an IANA timezone with the runtime's Intl data (no dependency): local days
 * as YYYY-MM-DD strings and the UTC instants where they begin.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClockOf(instant: number, timeZone: string): { y: number; m: number; d: number; ms: number } {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const y = parts.year ?? 1970;
  const m = parts.month ?? 1;
  const d = parts.day ?? 1;
  const wall = Date.UTC(y, m - 1, d, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return { y, m, d, ms: wall };
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (positive east of Greenwich). */
export function offsetAt(instant: number, timeZone: string): number {
  const floored = Math.floor(instant / 1000) * 1000;
  return wallClockOf(floored, timeZone).ms - floored;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The local calendar day of `instant` in `timeZone`. */
export function localDateOf(instant: Date | number, timeZone: string): string {
  const { y, m, d } = wallClockOf(typeof instant === 'number' ? instant : instant.getTime(), timeZone);
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

function parseDate(date: string): { y: number; m: number; d: number } {
  const [y, m, d] = date.split('-').map(Number);
  return { y: y ?? 1970, m: m ?? 1, d: d ?? 1 };
}

/** The first instant of the local day `date` in `timeZone` (the wall clock's 00:00, or the first moment after a gap). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const { y, m, d } = parseDate(date);
  const wall = Date.UTC(y, m - 1, d);
  let guess = wall - offsetAt(wall, timeZone);
  guess = wall - offsetAt(guess, timeZone);
  // A DST gap at midnight: the local day starts at the first instant whose local date is `date`.
  if (localDateOf(guess, timeZone) !== date) guess += 60 * 60 * 1000;
  return new Date(guess);
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const { y, m, d } = parseDate(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** 0 = Monday ... 6 = Sunday. */
export function isoWeekdayIndex(date: string): number {
  const { y, m, d } = parseDate(date);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The Monday of the Monday-to-Sunday week that contains `date`. */
export function mondayOf(date: string): string {
  return addDays(date, -isoWeekdayIndex(date));
}

/** Whether `date` (YYYY-MM-DD) is a real calendar day. */
export function isRealDate(date: string): boolean {
  const { y, m, d } = parseDate(date);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** The effective timezone of a person: manual, else automatic, else UTC (unknown names fall back too). */
export function effectiveTimezone(manual: string | null, automatic: string | null): string {
  for (const candidate of [manual, automatic]) {
    if (!candidate) continue;
    try {
      formatterOf(candidate);
      return candidate;
    } catch {
      // An unknown name reported by a source: try the next one.
    }
  }
  return 'UTC';
}
