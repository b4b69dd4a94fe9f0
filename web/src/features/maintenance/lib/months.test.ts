import { describe, expect, it } from 'vitest';
import { MONTHS_IN_SELECTOR, parseMonthValue, recentMonths } from './months';

describe('recentMonths', () => {
  it('lists twelve months, current first, across a year boundary', () => {
    const months = recentMonths(new Date(2026, 1, 15, 10));
    expect(months).toHaveLength(MONTHS_IN_SELECTOR);
    expect(months[0]).toEqual({ year: 2026, month: 2, value: '2026-02', label: 'February 2026' });
    expect(months[1]?.value).toBe('2026-01');
    expect(months[2]).toMatchObject({ year: 2025, month: 12, label: 'December 2025' });
    expect(months[11]?.value).toBe('2025-03');
  });

  it('does not skip a month at the end of a long month', () => {
    const months = recentMonths(new Date(2026, 2, 31, 23, 30), 3);
    expect(months.map((m) => m.value)).toEqual(['2026-03', '2026-02', '2026-01']);
  });
});

describe('parseMonthValue', () => {
  it('reads YYYY-MM and refuses anything else', () => {
    expect(parseMonthValue('2025-07')).toMatchObject({ year: 2025, month: 7, label: 'July 2025' });
    expect(parseMonthValue('2025-13')).toBeNull();
    expect(parseMonthValue('2025-7')).toBeNull();
    expect(parseMonthValue('')).toBeNull();
  });
});
