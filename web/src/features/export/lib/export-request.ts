import { MAX_EXPORT_DAYS } from '@overlap/contract/export';
import { apiPaths } from '../../../api/paths';

export type ExportFormat = 'csv' | 'json';

export interface ExportRange {
  from: string;
  to: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** What is wrong with a range, per field, before asking the server (which checks the same). */
export function rangeProblems(range: ExportRange): { from?: string; to?: string } {
  if (!DATE.test(range.from) || Number.isNaN(dayNumber(range.from))) return { from: 'Choose a start date' };
  if (!DATE.test(range.to) || Number.isNaN(dayNumber(range.to))) return { to: 'Choose an end date' };
  const days = dayNumber(range.to) - dayNumber(range.from) + 1;
  if (days < 1) return { to: 'The end date must be on or after the start date' };
  if (days > MAX_EXPORT_DAYS) return { to: `At most ${MAX_EXPORT_DAYS} days at once` };
  return {};
}

export function exportUrl(range: ExportRange, people: readonly string[] = []): string {
  const params = new URLSearchParams({ from: range.from, to: range.to });
  for (const id of people) params.append('people', id);
  return `${apiPaths.export.days}?${params}`;
}

export const exportFileName = (range: ExportRange, format: ExportFormat) =>
  `overlap-days-${range.from}-to-${range.to}.${format}`;

/** The last `days` days up to `to` (default today in the viewer's timezone), inclusive. */
export function lastDays(to: string = new Intl.DateTimeFormat('en-CA').format(new Date()), days = 30): ExportRange {
  const from = new Date((dayNumber(to) - (days - 1)) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}
