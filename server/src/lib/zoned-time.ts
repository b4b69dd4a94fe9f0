/**
 * Time in an IANA timezone with the runtime's Intl data (no dependency): offsets, local days (as day
 * numbers for the engine, as YYYY-MM-DD strings for calendars) and the UTC instants where they begin.
 */

const valid = new Map<string, boolean>();

/** True when the IANA zone name is known (cached: the check builds an Intl formatter). */
export function isValidTimezone(tz: string | null | undefined): tz is string {
  if (!tz) return false;
  let ok = valid.get(tz);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      ok = true;
    } catch {
      ok = false;
    }
    valid.set(tz, ok);
  }
  return ok;
}

/** A person's effective timezone: manual wins over automatic; unknown names fall back to UTC. */
export function effectiveTimezone(manual: string | null | undefined, automatic?: string | null): string {
  if (isValidTimezone(manual)) return manual;
  if (isValidTimezone(automatic)) return automatic;
  return 'UTC';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
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

/** Offsets change only on quarter hours, so one lookup per zone and quarter hour is exact. */
const QUARTER_HOUR_MS = 15 * 60_000;
const offsets = new Map<string, number>();

/** Offset of `tz` from UTC at `utcMs`, in ms (positive east of Greenwich; cached per zone and quarter hour). */
export function tzOffsetMs(tz: string, utcMs: number): number {
  const slot = Math.floor(utcMs / QUARTER_HOUR_MS);
  const cacheKey = `${tz}|${slot}`;
  const cached = offsets.get(cacheKey);
  if (cached !== undefined) return cached;
  const at = slot * QUARTER_HOUR_MS;
  const offset = wallClockOf(at, tz).ms - at;
  if (offsets.size > 100_000) offsets.clear();
  offsets.set(cacheKey, offset);
  return offset;
}

/** Days since 1970-01-01 of the local date of `utcMs` in `tz`. */
export const localDayOf = (tz: string, utcMs: number) => Math.floor((utcMs + tzOffsetMs(tz, utcMs)) / 86_400_000);

/** UTC ms of local midnight starting local day `day` in `tz` (offset taken at local noon). */
export const localMidnightUtc = (tz: string, day: number) =>
  day * 86_400_000 - tzOffsetMs(tz, day * 86_400_000 + 12 * 3_600_000);

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
  let guess = wall - tzOffsetMs(timeZone, wall);
  guess = wall - tzOffsetMs(timeZone, guess);
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
