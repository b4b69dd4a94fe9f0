import { describe, expect, it } from 'vitest';
import { fromDateTimeLocal, toDateTimeLocal } from '../../../lib/datetime-local';
import { checkBlockTimes } from './block-times';

describe('datetime-local values', () => {
  it('round-trips an instant through the local input value', () => {
    const iso = '2026-11-14T08:30:00.000Z';
    expect(fromDateTimeLocal(toDateTimeLocal(iso))).toBe(iso);
    expect(toDateTimeLocal(null)).toBe('');
    expect(toDateTimeLocal('garbage')).toBe('');
    expect(fromDateTimeLocal('')).toBeNull();
    expect(fromDateTimeLocal('garbage')).toBeNull();
  });
});

describe('checkBlockTimes', () => {
  it('needs both start and end', () => {
    expect(checkBlockTimes('', '')).toEqual({
      errors: { start: 'Start is required.', end: 'End is required.' },
      times: null,
    });
    expect(checkBlockTimes('2026-11-14T09:00', '').errors).toEqual({ end: 'End is required.' });
  });

  it('needs the end after the start', () => {
    expect(checkBlockTimes('2026-11-14T09:00', '2026-11-14T09:00').errors.end).toBe('End must be after start.');
    expect(checkBlockTimes('2026-11-14T10:00', '2026-11-14T09:00').times).toBeNull();
  });

  it('returns ISO instants for a valid pair', () => {
    const check = checkBlockTimes('2026-11-14T09:00', '2026-11-14T17:30');
    expect(check.errors).toEqual({});
    expect(check.times).toEqual({
      startTime: new Date('2026-11-14T09:00').toISOString(),
      endTime: new Date('2026-11-14T17:30').toISOString(),
    });
  });
});
