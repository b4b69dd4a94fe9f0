import { addDays, format, getISODay } from 'date-fns';
import { formatMonthKey, formatWeekTitle } from '../../../lib/format-time';

/** The YYYY-MM-DD key `days` after (or before) another. */
export function shiftDay(key: string, days: number): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 'May 1 - May 7, 2025'; the year shows on both sides when the week crosses into a new year. */
export const weekRangeLabel = formatWeekTitle;

interface YearCell {
  date: string;
  inYear: boolean;
}

/**
 * The year as weeks (columns, Monday first) of 7 days: it starts on the Monday on or before
 * 1 January and runs to the week holding 31 December (53 or 54 columns; 53 in most years).
 */
export function yearWeeks(year: number): YearCell[][] {
  const jan1 = new Date(year, 0, 1);
  let day = addDays(jan1, 1 - getISODay(jan1));
  const weeks: YearCell[][] = [];
  while (day.getFullYear() < year || (day.getFullYear() === year && weeks.length < 54)) {
    const week: YearCell[] = [];
    for (let i = 0; i < 7; i++) {
      week.push({ date: format(day, 'yyyy-MM-dd'), inYear: day.getFullYear() === year });
      day = addDays(day, 1);
    }
    weeks.push(week);
    if (day.getFullYear() > year) break;
  }
  return weeks;
}

/** The month labels above the grid: the week index where each month's first day falls. */
export function monthLabels(weeks: YearCell[][]): { week: number; label: string }[] {
  const labels: { week: number; label: string }[] = [];
  weeks.forEach((week, i) => {
    const first = week.find((c) => c.inYear && c.date.endsWith('-01'));
    if (first) labels.push({ week: i, label: formatMonthKey(first.date) });
  });
  return labels;
}
