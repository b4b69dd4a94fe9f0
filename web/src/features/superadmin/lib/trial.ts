import { TRIAL_DATE_PAST, TRIAL_DATE_REQUIRED } from '@overlap/contract/superadmin';

const pad = (n: number) => String(n).padStart(2, '0');
/** A local calendar date as YYYY-MM-DD (the value of a date input). */
export const dateInputValue = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

export function addDays(now: Date, days: number): Date {
  const d = new Date(now);
  d.setDate(d.getDate() + days);
  return d;
}

/** The earliest date the trial input offers: tomorrow. */
export const minTrialDate = (now: Date) => dateInputValue(addDays(now, 1));

/** The client's check before asking the server (spec 001 §5 Extend trial). */
export function trialDateProblem(value: string, now: Date): string | null {
  if (!value) return TRIAL_DATE_REQUIRED;
  return value < minTrialDate(now) ? TRIAL_DATE_PAST : null;
}

/** The chosen day's end in the operator's timezone, as the ISO date-time the server takes. */
export function trialEndOf(value: string): string {
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, 23, 59, 59).toISOString();
}
