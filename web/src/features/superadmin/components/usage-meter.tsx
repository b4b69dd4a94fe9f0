import { cn } from '../../../lib/cn';
import { ProgressBar, usageLevel } from '../../../ui/progress-bar';

/** '3 / 12' over a thin bar; a null maximum is unlimited. Amber above 60%, red above 80%. */
export function UsageMeter({ label, used, max }: { label: string; used: number; max: number | null }) {
  const percent = max && max > 0 ? (used / max) * 100 : 0;
  const level = usageLevel(percent);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span
        className={cn(
          'tabular text-[13px]',
          level === 'danger'
            ? 'text-red-600 dark:text-red-400'
            : level === 'warning'
              ? 'text-amber-700 dark:text-amber-400'
              : 'text-fg',
        )}
      >
        {used} / {max ?? '∞'}
        <span className="sr-only"> {label}</span>
      </span>
      <ProgressBar value={percent} label={label} tone={level} className="h-1 max-w-24" />
    </div>
  );
}
