import { describe, expect, it } from 'vitest';
import { dateLabel, isDateKey, parseHashDate, shiftDateKey, startOfDateIn, todayKey } from './view-date';

describe('hash date', () => {
  it('reads a valid #YYYY-MM-DD and ignores anything else', () => {
    expect(parseHashDate('#2025-05-01')).toBe('2025-05-01');
    expect(parseHashDate('2024-02-29')).toBe('2024-02-29');
    expect(parseHashDate('')).toBeNull();
    expect(parseHashDate('#')).toBeNull();
    expect(parseHashDate('#2025-5-1')).toBeNull();
    expect(parseHashDate('#2025-02-30')).toBeNull();
    expect(parseHashDate('#2023-02-29')).toBeNull();
    expect(parseHashDate('#yesterday')).toBeNull();
    expect(parseHashDate('#2025-05-01x')).toBeNull();
  });

  it('validates calendar dates', () => {
    expect(isDateKey('2025-12-31')).toBe(true);
    expect(isDateKey('2025-13-01')).toBe(false);
  });
});

describe('date arithmetic', () => {
  it('shifts across months, years and DST changes', () => {
    expect(shiftDateKey('2025-03-01', -1)).toBe('2025-02-28');
    expect(shiftDateKey('2024-12-31', 1)).toBe('2025-01-01');
    expect(shiftDateKey('2025-03-30', 1)).toBe('2025-03-31');
    expect(shiftDateKey('2025-05-01', 7)).toBe('2025-05-08');
  });

  it('knows today in a timezone', () => {
    const instant = new Date('2025-05-01T23:30:00Z');
    expect(todayKey('UTC', instant)).toBe('2025-05-01');
    expect(todayKey('Europe/Berlin', instant)).toBe('2025-05-02');
    expect(todayKey('America/New_York', instant)).toBe('2025-05-01');
  });

  it('finds the instant a day starts in a timezone', () => {
    expect(startOfDateIn('2025-05-02', 'Europe/Berlin').toISOString()).toBe('2025-05-01T22:00:00.000Z');
    expect(startOfDateIn('2025-05-02', 'UTC').toISOString()).toBe('2025-05-02T00:00:00.000Z');
  });
});

describe('picker label', () => {
  it('says Today, Yesterday, Tomorrow, else weekday with date', () => {
    expect(dateLabel('2025-05-07', '2025-05-07')).toBe('Today');
    expect(dateLabel('2025-05-06', '2025-05-07')).toBe('Yesterday');
    expect(dateLabel('2025-05-08', '2025-05-07')).toBe('Tomorrow');
    expect(dateLabel('2025-05-01', '2025-05-07')).toBe('Thu, May 1');
    expect(dateLabel('2024-12-24', '2025-05-07')).toBe('Tue, Dec 24, 2024');
  });
});
