import { describe, expect, it } from 'vitest';
import { dateKeyIn, dayLabel } from './time-text';

describe('dateKeyIn', () => {
  it('gives the day of an instant where it is seen, for each zone asked in turn', () => {
    const at = '2026-11-23T23:30:00Z';
    expect(dateKeyIn(at, 'Europe/Berlin')).toBe('2026-11-24');
    expect(dateKeyIn(at, 'America/Los_Angeles')).toBe('2026-11-23');
    expect(dateKeyIn(Date.parse(at), 'Asia/Kolkata')).toBe('2026-11-24');
    expect(dateKeyIn(new Date('2026-11-24T00:10:00Z'), 'UTC')).toBe('2026-11-24');
    expect(dateKeyIn(at, 'Europe/Berlin')).toBe('2026-11-24');
  });

  it('labels today and tomorrow in the viewer zone', () => {
    expect(dayLabel('2026-11-23T23:30:00Z', 'Europe/Berlin', '2026-11-23')).toBe('Tomorrow');
    expect(dayLabel('2026-11-23T23:30:00Z', 'America/New_York', '2026-11-23')).toBe('Today');
  });
});
