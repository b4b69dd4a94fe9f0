/**
 * The one place the app turns instants, dates and durations into text. Every screen prints time
 * through these functions, so a user's choice of 12- or 24-hour time and of a timezone (profile)
 * applies everywhere. Dates read day first with English month names ('1 May 2025').
 */

export type TimeFormat = '12h' | '24h';

export interface TimePreferences {
  /** null: the browser's locale decides. */
  timeFormat: TimeFormat | null;
  /** An IANA timezone; null: the browser's. */
  timeZone: string | null;
}

type Instant = Date | string | number;

const STORAGE_KEY = 'overlap.timePreferences';
const listeners = new Set<() => void>();
let current: TimePreferences = readStored();

function readStored(): TimePreferences {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (raw) {
      const parsed = JSON.parse(raw) as Partial<TimePreferences>;
      return {
        timeFormat: parsed.timeFormat === '12h' || parsed.timeFormat === '24h' ? parsed.timeFormat : null,
        timeZone: typeof parsed.timeZone === 'string' && isTimeZone(parsed.timeZone) ? parsed.timeZone : null,
      };
    }
  } catch {
    /* storage blocked: browser defaults */
  }
  return { timeFormat: null, timeZone: null };
}

/** Whether `zone` is an IANA timezone this browser knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The preferences in force (the signed-in user's, remembered on this browser). */
export const timePreferences = (): TimePreferences => current;

/** Applies the user's preferences everywhere (and remembers them for the next visit). */
export function setTimePreferences(next: TimePreferences): void {
  const clean: TimePreferences = {
    timeFormat: next.timeFormat,
    timeZone: next.timeZone && isTimeZone(next.timeZone) ? next.timeZone : null,
  };
  if (clean.timeFormat === current.timeFormat && clean.timeZone === current.timeZone) return;
  current = clean;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(clean));
  } catch {
    /* storage blocked: only this visit */
  }
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: re-render when the preferences change. */
export function subscribeTimePreferences(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Read once: asking costs a new Intl.DateTimeFormat (about a millisecond on a phone), and every
// clock label asks; the browser's zone and locale stay as they are for the page's life.
let browserZone: string | undefined;
let browserTwelve: boolean | undefined;

/** The browser's own timezone. */
export function browserTimeZone(): string {
  browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return browserZone;
}

/** Whether the browser's locale writes 12-hour time. */
export function browserUses12Hour(): boolean {
  if (browserTwelve === undefined) {
    const cycle = new Intl.DateTimeFormat(undefined, { hour: 'numeric' }).resolvedOptions().hourCycle;
    browserTwelve = cycle === 'h12' || cycle === 'h11';
  }
  return browserTwelve;
}

/** The timezone the viewer sees times in: their chosen one, else the browser's. */
export const viewerTimeZone = (prefs: TimePreferences = current): string => prefs.timeZone ?? browserTimeZone();

/** Whether times print as 12-hour ('2:05 PM'): the chosen format, else the browser's. */
export const uses12Hour = (prefs: TimePreferences = current): boolean =>
  prefs.timeFormat ? prefs.timeFormat === '12h' : browserUses12Hour();

function toDate(value: Instant): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * One shared Intl.DateTimeFormat per locale and options (UTC for an unknown zone): making one
 * costs about a millisecond, formatting with it a few microseconds.
 */
export function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, options);
    } catch {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    }
    formatters.set(key, f);
  }
  return f;
}

interface ZoneOption {
  /** Defaults to the viewer's timezone. */
  timeZone?: string;
  prefs?: TimePreferences;
}

const zoneOf = (o: ZoneOption) => o.timeZone ?? viewerTimeZone(o.prefs);

/** How finely a clock time prints: '14:05', '14:05:09' or '14:05:09.250'. */
export type Precision = 'hours' | 'minutes' | 'seconds' | 'milliseconds';

const PRECISION_FIELDS: Record<Precision, Intl.DateTimeFormatOptions> = {
  hours: {},
  minutes: { minute: '2-digit' },
  seconds: { minute: '2-digit', second: '2-digit' },
  milliseconds: { minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3 },
};

function clockParts(date: Date, timeZone: string, twelve: boolean, precision: Precision): string {
  const fields = PRECISION_FIELDS[precision];
  if (!twelve) {
    return formatter('en-GB', { hour: '2-digit', ...fields, hourCycle: 'h23', timeZone }).format(date);
  }
  return formatter('en-US', { hour: 'numeric', ...fields, hour12: true, timeZone })
    .format(date)
    .replace(/\u202f/g, ' ');
}

interface ClockOption extends ZoneOption {
  /** Minutes unless told. */
  precision?: Exclude<Precision, 'hours'>;
}

/** '14:05' or '2:05 PM' of an instant ('14:05:09' / '2:05:09 PM' with seconds). 'Invalid date' for bad input. */
export function formatTime(at: Instant, options: ClockOption = {}): string {
  const date = toDate(at);
  if (!date) return 'Invalid date';
  return clockParts(date, zoneOf(options), uses12Hour(options.prefs), options.precision ?? 'minutes');
}

/**
 * A wall-clock time the server already computed ('09:00', '24:00' for the end of a day) in the
 * user's format: '09:00' or '9:00 AM'; '24:00' prints as midnight ('12:00 AM'). Other text stays.
 */
export function formatWallClock(text: string, options: { prefs?: TimePreferences } = {}): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!match) return text;
  const hour = Number(match[1]);
  const minute = match[2] as string;
  if (hour > 24 || Number(minute) > 59) return text;
  if (!uses12Hour(options.prefs)) return `${String(hour).padStart(2, '0')}:${minute}`;
  const h = hour % 24;
  return `${h % 12 === 0 ? 12 : h % 12}:${minute} ${h < 12 ? 'AM' : 'PM'}`;
}

/** An hour mark: '14' / '14:00' in 24-hour time, '2 PM' in 12-hour time. */
export function formatHour(at: Instant, options: ZoneOption & { minutes?: boolean } = {}): string {
  const date = toDate(at);
  if (!date) return 'Invalid date';
  const twelve = uses12Hour(options.prefs);
  return clockParts(date, zoneOf(options), twelve, twelve || options.minutes === false ? 'hours' : 'minutes');
}

/** '14:05–16:30' (or '2:05 PM–4:30 PM') between two instants. */
export const formatTimeRange = (start: Instant, end: Instant, options: ZoneOption = {}) =>
  `${formatTime(start, options)}–${formatTime(end, options)}`;

/** '1 May 2025'. */
export function formatDate(at: Instant, options: ZoneOption = {}): string {
  const date = toDate(at);
  if (!date) return 'Invalid date';
  return formatter('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: zoneOf(options) }).format(
    date,
  );
}

/** 'Thursday, 1 May 2025'. */
export function formatLongDate(at: Instant, options: ZoneOption = {}): string {
  const date = toDate(at);
  if (!date) return 'Invalid date';
  return formatter('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: zoneOf(options),
  }).format(date);
}

/** 'Thu 1 May' (no year). */
export function formatDayMonth(at: Instant, options: ZoneOption & { weekday?: boolean } = {}): string {
  const date = toDate(at);
  if (!date) return 'Invalid date';
  return formatter('en-GB', {
    ...(options.weekday === false ? {} : { weekday: 'short' }),
    day: 'numeric',
    month: 'short',
    timeZone: zoneOf(options),
  })
    .format(date)
    .replace(',', '');
}

/** '1 May 2025, 14:05' (or '1 May 2025, 2:05 PM'); without the year: '1 May, 14:05'. */
export function formatDateTime(at: Instant, options: ClockOption & { year?: boolean } = {}): string {
  const date = toDate(at);
  if (!date) return 'Invalid date';
  const day = options.year === false ? formatDayMonth(date, { ...options, weekday: false }) : formatDate(date, options);
  return `${day}, ${formatTime(date, options)}`;
}

/** 'Mar' (or 'March' when long) of a YYYY-MM-DD calendar date. */
export function formatMonthKey(key: string, options: { long?: boolean; year?: boolean } = {}): string {
  const [y, m] = key.split('-').map(Number);
  if (!y || !m) return 'Invalid date';
  return formatter('en-GB', {
    month: options.long ? 'long' : 'short',
    ...(options.year ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, 15)));
}

/**
 * The week view's title, as the spec quotes it: 'May 1 - May 7, 2025'; the year shows on both
 * sides when the week crosses into a new year.
 */
export function formatWeekTitle(startKey: string, endKey: string): string {
  const us = (key: string, year: boolean) => {
    const [y, m, d] = key.split('-').map(Number);
    if (!y || !m || !d) return 'Invalid date';
    return formatter('en-US', {
      month: 'short',
      day: 'numeric',
      ...(year ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(y, m - 1, d, 12)));
  };
  const crosses = startKey.slice(0, 4) !== endKey.slice(0, 4);
  return `${us(startKey, crosses)} - ${us(endKey, true)}`;
}

/** A YYYY-MM-DD calendar date (no timezone involved) as '1 May 2025' (long: 'Thursday, 1 May 2025'; short: '1 May'). */
export function formatDateKey(key: string, options: { long?: boolean; short?: boolean } = {}): string {
  const [y, m, d] = key.split('-').map(Number);
  if (!y || !m || !d) return 'Invalid date';
  const date = new Date(Date.UTC(y, m - 1, d, 12));
  if (options.short) return formatDayMonth(date, { timeZone: 'UTC', weekday: false });
  return options.long ? formatLongDate(date, { timeZone: 'UTC' }) : formatDate(date, { timeZone: 'UTC' });
}

/**
 * A duration as '4h 45m', '2h' or '30m' (rounded to the minute; negative counts as 0). With
 * `days`, a day or more reads '2d 3h' (to the hour); `compact` writes hours and minutes as '4h45'
 * or '1h05', for labels too narrow for the full form.
 */
export function formatDuration(minutes: number, options: { days?: boolean; compact?: boolean } = {}): string {
  const total = Math.max(0, Math.round(minutes));
  if (options.days && total >= 24 * 60) {
    const hours = Math.round(total / 60);
    const d = Math.floor(hours / 24);
    return hours % 24 === 0 ? `${d}d` : `${d}d ${hours % 24}h`;
  }
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return `${m}m`;
  if (m === 0) return `${h}h`;
  return options.compact ? `${h}h${String(m).padStart(2, '0')}` : `${h}h ${m}m`;
}

/** A duration between two instants as '4h 45m'. */
export const formatDurationBetween = (start: Instant, end: Instant): string =>
  formatDuration((new Date(end).getTime() - new Date(start).getTime()) / 60_000);
