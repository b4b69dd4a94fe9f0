import { useClock } from '../lib/clock';
import { formatClock } from '../lib/format';
import { HOUR_HEIGHT, minuteOfDay } from '../lib/geometry';
import type { DayWindow } from './day-activity-layer';

/** The offset in the day of the instant `at`; null when it is outside the day. */
export function offsetInDay(day: DayWindow, at: number, hourHeight = HOUR_HEIGHT): number | null {
  if (at < day.start.getTime() || at >= day.end.getTime()) return null;
  return (minuteOfDay(at, day.start, day.end, day.timeZone) / 60) * hourHeight;
}

/** The current time's offset in the day, ticking every second; null when now is outside the day. */
export function useNowOffset(day: DayWindow, hourHeight = HOUR_HEIGHT): number | null {
  const second = useClock((now) => Math.floor(now / 1000));
  return offsetInDay(day, second * 1000, hourHeight);
}

/** A thin red line across the columns at the current time. */
export function NowLine({ top }: { top: number }) {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-x-0 z-[5] h-px bg-red-500 shadow-[0_0_0_0.5px_rgb(239_68_68/0.3)]"
      style={{ top }}
    />
  );
}

/** The dot and time on the hour axis where the now line starts. */
export function NowDot({ top, timeZone }: { top: number; timeZone: string }) {
  const label = useClock((now) => formatClock(now, timeZone));
  return (
    <div className="pointer-events-none absolute right-0 z-[6] flex -translate-y-1/2 items-center" style={{ top }}>
      <span className="tabular rounded bg-red-600 px-1 py-px text-[10px] font-semibold text-white">{label}</span>
      <span className="-mr-1 size-2 rounded-full bg-red-500" />
    </div>
  );
}
