import { DEFAULT_MIN_DURATION_HOURS } from '@overlap/contract/maintenance';

export { DEFAULT_MIN_DURATION_HOURS };
export const MIN_DURATION_STEP = 0.5;
export const MIN_DURATION_LOWEST = 0.5;
/** The server's ceiling: a whole month of hours. */
export const MIN_DURATION_HIGHEST = 24 * 31;

/**
 * The minimum duration in hours a typed value stands for: anything that is not a number from 0.5 to
 * 744 falls back to 8; other values snap to the nearest half hour.
 */
export function parseMinDuration(input: string | number): number {
  const value = typeof input === 'number' ? input : input.trim() === '' ? Number.NaN : Number(input.trim());
  if (!Number.isFinite(value) || value < MIN_DURATION_LOWEST || value > MIN_DURATION_HIGHEST) {
    return DEFAULT_MIN_DURATION_HOURS;
  }
  return Math.max(MIN_DURATION_LOWEST, Math.round(value / MIN_DURATION_STEP) * MIN_DURATION_STEP);
}
