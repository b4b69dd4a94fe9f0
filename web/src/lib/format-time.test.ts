import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatDateKey,
  formatDateTime,
  formatDayMonth,
  formatDuration,
  formatDurationBetween,
  formatHour,
  formatLongDate,
  formatMonthKey,
  formatTime,
  formatTimeRange,
  formatWallClock,
  formatWeekTitle,
  setTimePreferences,
  timePreferences,
  viewerTimeZone,
} from './format-time';

const AT = '2025-05-01T13:05:00Z';
const h24 = { timeFormat: '24h', timeZone: 'Europe/Lisbon' } as const;
const h12 = { timeFormat: '12h', timeZone: 'America/New_York' } as const;

afterEach(() => setTimePreferences({ timeFormat: null, timeZone: null }));

describe('times', () => {
  it("make no new formatter per label when the browser's defaults decide (zone and 12/24 hours)", () => {
    formatTime(AT);
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      for (let minute = 0; minute < 50; minute++) formatTime(Date.parse(AT) + minute * 60_000);
      expect(viewerTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(made).toHaveBeenCalledTimes(1); // the comparison's own call on the line above
    } finally {
      made.mockRestore();
    }
  });

  it('print in 24-hour or 12-hour time in the chosen timezone', () => {
    expect(formatTime(AT, { prefs: h24 })).toBe('14:05');
    expect(formatTime(AT, { prefs: h12 })).toBe('9:05 AM');
    expect(formatTime(AT, { prefs: h12, timeZone: 'Asia/Tokyo' })).toBe('10:05 PM');
    expect(formatTimeRange(AT, '2025-05-01T15:30:00Z', { prefs: h24 })).toBe('14:05–16:30');
    expect(formatHour(AT, { prefs: h24 })).toBe('14:05');
    expect(formatHour('2025-05-01T13:00:00Z', { prefs: h12 })).toBe('9 AM');
  });

  it('follow the preferences set for the user, remembered on this browser', () => {
    setTimePreferences({ timeFormat: '12h', timeZone: 'Asia/Kolkata' });
    expect(viewerTimeZone()).toBe('Asia/Kolkata');
    expect(formatTime(AT)).toBe('6:35 PM');
    expect(JSON.parse(localStorage.getItem('overlap.timePreferences') ?? '{}')).toEqual({
      timeFormat: '12h',
      timeZone: 'Asia/Kolkata',
    });
    setTimePreferences({ timeFormat: '24h', timeZone: 'Not/AZone' });
    expect(timePreferences()).toEqual({ timeFormat: '24h', timeZone: null });
  });

  it('print seconds and milliseconds when asked', () => {
    const at = '2025-05-01T13:05:09.250Z';
    expect(formatTime(at, { prefs: h24, precision: 'seconds' })).toBe('14:05:09');
    expect(formatTime(at, { prefs: h12, precision: 'seconds' })).toBe('9:05:09 AM');
    expect(formatTime(at, { prefs: h24, precision: 'milliseconds' })).toBe('14:05:09.250');
    expect(formatDateTime(at, { prefs: h12, year: false, precision: 'seconds' })).toBe('1 May, 9:05:09 AM');
  });

  it('print wall-clock times the server computed in the chosen format, midnight at the end of a day', () => {
    expect(formatWallClock('09:00', { prefs: h24 })).toBe('09:00');
    expect(formatWallClock('9:30', { prefs: h24 })).toBe('09:30');
    expect(formatWallClock('09:00', { prefs: h12 })).toBe('9:00 AM');
    expect(formatWallClock('12:30', { prefs: h12 })).toBe('12:30 PM');
    expect(formatWallClock('00:15', { prefs: h12 })).toBe('12:15 AM');
    expect(formatWallClock('17:45', { prefs: h12 })).toBe('5:45 PM');
    expect(formatWallClock('24:00', { prefs: h12 })).toBe('12:00 AM');
    expect(formatWallClock('soon', { prefs: h12 })).toBe('soon');
    expect(formatWallClock('25:00', { prefs: h12 })).toBe('25:00');
  });

  it('say Invalid date for input that is not a date', () => {
    expect(formatTime('yesterday-ish', { prefs: h24 })).toBe('Invalid date');
    expect(formatDate('nope', { prefs: h24 })).toBe('Invalid date');
  });
});

describe('dates', () => {
  it('read day first with English month names', () => {
    expect(formatDate(AT, { prefs: h24 })).toBe('1 May 2025');
    expect(formatLongDate(AT, { prefs: h24 })).toBe('Thursday, 1 May 2025');
    expect(formatDayMonth(AT, { prefs: h24 })).toBe('Thu 1 May');
    expect(formatDayMonth(AT, { prefs: h24, weekday: false })).toBe('1 May');
    expect(formatDateTime(AT, { prefs: h12 })).toBe('1 May 2025, 9:05 AM');
    expect(formatDateKey('2026-03-17')).toBe('17 Mar 2026');
    expect(formatDateKey('2026-03-17', { long: true })).toBe('Tuesday, 17 March 2026');
  });

  it("name months and keep the spec's week title literally", () => {
    expect(formatMonthKey('2026-03-17')).toBe('Mar');
    expect(formatMonthKey('2026-11-01', { long: true, year: true })).toBe('November 2026');
    expect(formatWeekTitle('2025-05-01', '2025-05-07')).toBe('May 1 - May 7, 2025');
    expect(formatWeekTitle('2025-12-29', '2026-01-04')).toBe('Dec 29, 2025 - Jan 4, 2026');
  });

  it('land on the local day of the timezone', () => {
    expect(formatDate('2025-05-01T23:30:00Z', { prefs: h24, timeZone: 'Asia/Tokyo' })).toBe('2 May 2025');
  });
});

describe('durations', () => {
  it.each([
    [0, '0m'],
    [45, '45m'],
    [60, '1h'],
    [285, '4h 45m'],
    [284.6, '4h 45m'],
    [-5, '0m'],
  ])('%d minutes read %s', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });

  it.each([
    [45, '45m'],
    [60, '1h'],
    [65, '1h05'],
    [90, '1h30'],
    [12 * 60 + 45, '12h45'],
  ])('%d minutes read %s in the compact form', (minutes, text) => {
    expect(formatDuration(minutes, { compact: true })).toBe(text);
  });

  it('count days when asked', () => {
    expect(formatDuration(24 * 60, { days: true })).toBe('1d');
    expect(formatDuration(2 * 24 * 60 + 190, { days: true })).toBe('2d 3h');
    expect(formatDuration(23 * 60 + 59, { days: true })).toBe('23h 59m');
  });

  it('between two instants', () => {
    expect(formatDurationBetween('2025-05-01T09:00:00Z', '2025-05-01T13:45:00Z')).toBe('4h 45m');
  });
});
