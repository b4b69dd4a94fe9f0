import type { BillingCycle } from '@overlap/contract/plans';

/**
 * The end of a billing period that starts at `start`: one calendar month or year later (UTC), on
 * the last day of a shorter month when the start's day does not exist there (Jan 31 -> Feb 28).
 */
export function periodEnd(start: Date, cycle: BillingCycle): Date {
  const months = cycle === 'yearly' ? 12 : 1;
  const end = new Date(start);
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return end;
}
