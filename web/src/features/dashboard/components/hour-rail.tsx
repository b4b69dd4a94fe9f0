import { cn } from '../../../lib/cn';
import { formatHour } from '../../../lib/format-time';
import { useTimePreferences } from '../../../lib/use-time-preferences';
import { HOUR_HEIGHT } from '../lib/geometry';

/** The 24 hour labels (00:00-23:00, or 12 AM-11 PM), one per row. */
export function HourRail({ className, hourHeight = HOUR_HEIGHT }: { className?: string; hourHeight?: number }) {
  const prefs = useTimePreferences();
  const labels = Array.from({ length: 24 }, (_, h) => formatHour(Date.UTC(2025, 0, 6, h), { timeZone: 'UTC', prefs }));
  return (
    <ol aria-label="Hours" className={cn('relative', className)}>
      {labels.map((label, i) => (
        <li
          key={label}
          className="tabular relative pr-2 text-right text-[11px] leading-none text-muted"
          style={{ height: hourHeight }}
        >
          <span className={cn('relative', i === 0 ? 'top-1' : '-top-[5px]')}>{label}</span>
        </li>
      ))}
    </ol>
  );
}

/** Background hour lines for a 24-row column. */
export const hourLinesStyle = (hourHeight = HOUR_HEIGHT) => ({
  backgroundImage: `linear-gradient(to bottom, var(--ov-line) 1px, transparent 1px), linear-gradient(to bottom, color-mix(in srgb, var(--ov-line) 45%, transparent) 1px, transparent 1px)`,
  backgroundSize: `100% ${hourHeight}px, 100% ${hourHeight / 2}px`,
  backgroundPosition: `0 0, 0 ${hourHeight / 2}px`,
});
