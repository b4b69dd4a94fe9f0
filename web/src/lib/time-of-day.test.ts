import { describe, expect, it } from 'vitest';
import { localHour, timeOfDay } from './time-of-day';

describe('timeOfDay', () => {
  it.each([
    [0, 'late-night'],
    [4, 'late-night'],
    [5, 'early-morning'],
    [6, 'early-morning'],
    [7, 'morning'],
    [10, 'morning'],
    [11, 'midday'],
    [13, 'midday'],
    [14, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [19, 'evening'],
    [20, 'night'],
    [22, 'night'],
    [23, 'late-night'],
  ])('hour %d is %s', (hour, band) => {
    expect(timeOfDay(hour)).toBe(band);
  });
});

describe('localHour', () => {
  it('reads the hour in a timezone and falls back to UTC', () => {
    const at = new Date('2025-01-15T12:30:00Z');
    expect(localHour(at, 'Asia/Tokyo')).toBe(21);
    expect(localHour(at, 'America/New_York')).toBe(7);
    expect(localHour(at, 'Not/AZone')).toBe(12);
  });
});
