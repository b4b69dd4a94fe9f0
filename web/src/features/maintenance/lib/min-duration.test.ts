import { describe, expect, it } from 'vitest';
import { DEFAULT_MIN_DURATION_HOURS, parseMinDuration } from './min-duration';

describe('parseMinDuration', () => {
  it('defaults to 8 hours', () => {
    expect(DEFAULT_MIN_DURATION_HOURS).toBe(8);
  });

  it('keeps valid half-hour steps', () => {
    expect(parseMinDuration('0.5')).toBe(0.5);
    expect(parseMinDuration('8')).toBe(8);
    expect(parseMinDuration(' 12.5 ')).toBe(12.5);
    expect(parseMinDuration(744)).toBe(744);
  });

  it('falls back to 8 when the value is not a usable number', () => {
    for (const bad of ['', '  ', 'abc', '0', '0.25', '-3', 'NaN', 'Infinity', '745']) {
      expect(parseMinDuration(bad)).toBe(8);
    }
    expect(parseMinDuration(Number.NaN)).toBe(8);
  });

  it('snaps other values to the nearest half hour', () => {
    expect(parseMinDuration('1.2')).toBe(1);
    expect(parseMinDuration('1.3')).toBe(1.5);
    expect(parseMinDuration('0.6')).toBe(0.5);
  });
});
