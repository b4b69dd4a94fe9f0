import { formatMonthKey } from '../../../lib/format-time';

/** One calendar month the maintenance report can cover. */
export interface MonthOption {
  year: number;
  /** 1-12. */
  month: number;
  /** 'YYYY-MM', the select's value. */
  value: string;
  /** 'November 2026'. */
  label: string;
}

export const MONTHS_IN_SELECTOR = 12;

const pad = (n: number) => String(n).padStart(2, '0');

/** The month of a year and 1-based month number. */
function monthOption(year: number, month: number): MonthOption {
  const value = `${year}-${pad(month)}`;
  return { year, month, value, label: formatMonthKey(`${value}-01`, { long: true, year: true }) };
}

/** The `count` most recent months by the viewer's calendar, current month first. */
export function recentMonths(now: Date = new Date(), count = MONTHS_IN_SELECTOR): MonthOption[] {
  return Array.from({ length: count }, (_, back) => {
    const first = new Date(now.getFullYear(), now.getMonth() - back, 1);
    return monthOption(first.getFullYear(), first.getMonth() + 1);
  });
}

/** The month a 'YYYY-MM' value names, or null when it is not one. */
export function parseMonthValue(value: string): MonthOption | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (!match) return null;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return monthOption(Number(match[1]), month);
}
