import { formatter } from './format-time';
export const TIME_OF_DAY_BANDS = [
  'early-morning',
  'morning',
  'midday',
  'afternoon',
  'evening',
  'night',
  'late-night',
] as const;
export type TimeOfDay = (typeof TIME_OF_DAY_BANDS)[number];

/** The band of a local hour (0-23): early-morning 5-7, morning 7-11, midday 11-14, afternoon 14-18, evening 18-20, night 20-23, else late-night. */
export function timeOfDay(hour: number): TimeOfDay {
  if (hour >= 5 && hour < 7) return 'early-morning';
  if (hour >= 7 && hour < 11) return 'morning';
  if (hour >= 11 && hour < 14) return 'midday';
  if (hour >= 14 && hour < 18) return 'afternoon';
  if (hour >= 18 && hour < 20) return 'evening';
  if (hour >= 20 && hour < 23) return 'night';
  return 'late-night';
}

/** The local hour of an instant in an IANA timezone (falls back to UTC for an unknown zone). */
export function localHour(date: Date, timeZone: string): number {
  return Number(formatter('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(date)) % 24;
}

/** Soft background tints for each band, used behind local times. */
export const TIME_OF_DAY_TINT: Record<TimeOfDay, string> = {
  'early-morning': 'bg-rose-100/70 text-rose-900 dark:bg-rose-500/15 dark:text-rose-200',
  morning: 'bg-amber-100/70 text-amber-900 dark:bg-amber-500/15 dark:text-amber-200',
  midday: 'bg-yellow-100/70 text-yellow-900 dark:bg-yellow-500/15 dark:text-yellow-100',
  afternoon: 'bg-sky-100/70 text-sky-900 dark:bg-sky-500/15 dark:text-sky-200',
  evening: 'bg-orange-100/70 text-orange-900 dark:bg-orange-500/15 dark:text-orange-200',
  night: 'bg-indigo-100/70 text-indigo-900 dark:bg-indigo-500/20 dark:text-indigo-200',
  'late-night': 'bg-slate-200/70 text-slate-800 dark:bg-slate-500/20 dark:text-slate-200',
};

export const TIME_OF_DAY_LABEL: Record<TimeOfDay, string> = {
  'early-morning': 'Early morning',
  morning: 'Morning',
  midday: 'Midday',
  afternoon: 'Afternoon',
  evening: 'Evening',
  night: 'Night',
  'late-night': 'Late night',
};
