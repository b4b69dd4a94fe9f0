import { describe, expect, it } from 'vitest';
import { dayHref, formatDayKey, formatHours, formatInstant, formatMinutes } from './format';

describe('formatInstant', () => {
  it('shows month, day and a 24-hour clock in the given timezone', () => {
    expect(formatInstant('2026-03-14T08:30:00Z', 'Europe/Berlin')).toBe('Mar 14, 09:30');
    expect(formatInstant('2026-03-14T23:05:00Z', 'Asia/Tokyo')).toBe('Mar 15, 08:05');
    expect(formatInstant('2026-03-14T00:00:00Z', 'UTC')).toBe('Mar 14, 00:00');
  });

  it('shows a dash for an invalid instant', () => {
    expect(formatInstant('nope')).toBe('—');
  });
});

describe('day keys', () => {
  it('formats a day and links it to the dashboard', () => {
    expect(formatDayKey('2026-11-14')).toBe('Sat, Nov 14');
    expect(formatDayKey('not a day')).toBe('not a day');
    expect(dayHref('2026-11-14')).toBe('/#2026-11-14');
  });
});

describe('durations', () => {
  it('formats hours with one decimal at most', () => {
    expect(formatHours(9.52)).toBe('9.5 h');
    expect(formatHours(8)).toBe('8 h');
    expect(formatHours(0.5)).toBe('0.5 h');
  });

  it('formats minutes as minutes, hours or days', () => {
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(95)).toBe('1 h 35 min');
    expect(formatMinutes(24 * 60)).toBe('1 d');
    expect(formatMinutes(2 * 24 * 60 + 190)).toBe('2 d 3 h');
    expect(formatMinutes(12.6)).toBe('13 min');
  });
});
