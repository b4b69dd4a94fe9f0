import { describe, expect, it } from 'vitest';
import { monthLabels, weekRangeLabel, yearWeeks } from './calendar-dates';
import { dayTooltip, heatBand } from './heat-bands';

describe('year heat-map bands', () => {
  it('follow 0, <1, <2, <4, <6, <8, <10, >=10 hours', () => {
    expect([0, 0.5, 1, 1.99, 2, 3.9, 4, 5.9, 6, 7.9, 8, 9.9, 10, 14].map(heatBand)).toEqual([
      0, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7,
    ]);
  });

  it('say hours online or no activity, with block and event counts', () => {
    expect(dayTooltip({ totalMinutes: 222, totalBlocks: 3, totalEvents: 4 })).toBe(
      '3.7 hours online, 3 blocks, 4 events',
    );
    expect(dayTooltip({ totalMinutes: 0, totalBlocks: 0, totalEvents: 2 })).toBe('No activity, 0 blocks, 2 events');
  });
});

describe('calendar dates', () => {
  it('labels a week range', () => {
    expect(weekRangeLabel('2025-05-01', '2025-05-07')).toBe('May 1 - May 7, 2025');
    expect(weekRangeLabel('2025-04-28', '2025-05-04')).toBe('Apr 28 - May 4, 2025');
    expect(weekRangeLabel('2025-12-29', '2026-01-04')).toBe('Dec 29, 2025 - Jan 4, 2026');
  });

  it('lays a year out in Monday-first weeks', () => {
    const weeks = yearWeeks(2025);
    expect(weeks).toHaveLength(53);
    expect(weeks[0]?.[0]).toEqual({ date: '2024-12-30', inYear: false });
    expect(weeks[0]?.[2]).toEqual({ date: '2025-01-01', inYear: true });
    expect(weeks.at(-1)?.find((c) => c.date === '2025-12-31')).toBeTruthy();
    expect(weeks.flat().filter((c) => c.inYear)).toHaveLength(365);
    expect(
      yearWeeks(2024)
        .flat()
        .filter((c) => c.inYear),
    ).toHaveLength(366);
    const labels = monthLabels(weeks);
    expect(labels).toHaveLength(12);
    expect(labels[0]).toEqual({ week: 0, label: 'Jan' });
  });
});
