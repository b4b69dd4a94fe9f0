import { describe, expect, it } from 'vitest';
import { exportFileName, exportUrl, lastDays, rangeProblems } from './export-request';

describe('export request', () => {
  it('builds the URL with the range and each person', () => {
    expect(exportUrl({ from: '2025-01-01', to: '2025-12-31' })).toBe(
      '/api/v1/export/days.csv?from=2025-01-01&to=2025-12-31',
    );
    expect(exportUrl({ from: '2025-06-01', to: '2025-06-30' }, ['a', 'b'])).toBe(
      '/api/v1/export/days.csv?from=2025-06-01&to=2025-06-30&people=a&people=b',
    );
    expect(exportFileName({ from: '2025-06-01', to: '2025-06-30' }, 'json')).toBe(
      'overlap-days-2025-06-01-to-2025-06-30.json',
    );
  });

  it('names the field that is wrong, as the server would', () => {
    expect(rangeProblems({ from: '2025-06-01', to: '2025-06-30' })).toEqual({});
    expect(rangeProblems({ from: '', to: '2025-06-30' })).toEqual({ from: 'Choose a start date' });
    expect(rangeProblems({ from: '2025-06-01', to: '' })).toEqual({ to: 'Choose an end date' });
    expect(rangeProblems({ from: '2025-06-02', to: '2025-06-01' })).toEqual({
      to: 'The end date must be on or after the start date',
    });
    expect(rangeProblems({ from: '2024-01-01', to: '2024-12-31' })).toEqual({});
    expect(rangeProblems({ from: '2024-01-01', to: '2025-01-01' })).toEqual({ to: 'At most 366 days at once' });
  });

  it('counts the last days back from a date', () => {
    expect(lastDays('2025-03-01', 30)).toEqual({ from: '2025-01-31', to: '2025-03-01' });
    expect(lastDays('2025-03-01', 1)).toEqual({ from: '2025-03-01', to: '2025-03-01' });
  });
});
