import { afterEach, describe, expect, it } from 'vitest';
import { setTimePreferences } from '../../../lib/format-time';
import { dayHref, formatDayKey, formatHours, formatInstant, formatMinutes } from './format';

describe('formatInstant', () => {
  afterEach(() => setTimePreferences({ timeFormat: null, timeZone: null }));

  it('shows day, month and a 24-hour clock in the given timezone', () => {
    setTimePreferences({ timeFormat: '24h', timeZone: null });
    expect(formatInstant('2026-03-14T08:30:00Z', 'Europe/Berlin')).toBe('14 Mar, 09:30');
    expect(formatInstant('2026-03-14T23:05:00Z', 'Asia/Tokyo')).toBe('15 Mar, 08:05');
    expect(formatInstant('2026-03-14T00:00:00Z', 'UTC')).toBe('14 Mar, 00:00');
  });

  it('follows the 12-hour setting and the chosen timezone', () => {
    setTimePreferences({ timeFormat: '12h', timeZone: 'America/New_York' });
    expect(formatInstant('2026-03-14T18:05:00Z')).toBe('14 Mar, 2:05 PM');
  });

  it('shows a dash for an invalid instant', () => {
    expect(formatInstant('nope')).toBe('—');
  });
});

describe('day keys', () => {
  it('formats a day and links it to the dashboard', () => {
    expect(formatDayKey('2026-11-14')).toBe('Sat 14 Nov');
    expect(formatDayKey('not a day')).toBe('not a day');
    expect(dayHref('2026-11-14')).toBe('/#2026-11-14');
  });
});

describe('durations', () => {
  it('formats hours as hours and minutes', () => {
    expect(formatHours(9.52)).toBe('9h 31m');
    expect(formatHours(8)).toBe('8h');
    expect(formatHours(0.5)).toBe('30m');
  });

  it('formats minutes as minutes, hours or days', () => {
    expect(formatMinutes(0)).toBe('0m');
    expect(formatMinutes(45)).toBe('45m');
    expect(formatMinutes(60)).toBe('1h');
    expect(formatMinutes(95)).toBe('1h 35m');
    expect(formatMinutes(24 * 60)).toBe('1d');
    expect(formatMinutes(2 * 24 * 60 + 190)).toBe('2d 3h');
    expect(formatMinutes(12.6)).toBe('13m');
  });
});
