import { cn } from '../lib/cn';

type UsageLevel = 'normal' | 'warning' | 'danger';

/** Usage above 60% is a warning, above 80% is danger. */
export function usageLevel(percent: number): UsageLevel {
  if (percent > 80) return 'danger';
  if (percent > 60) return 'warning';
  return 'normal';
}

const clamp = (n: number) => Math.min(100, Math.max(0, Number.isFinite(n) ? n : 0));

const fills: Record<UsageLevel | 'accent', string> = {
  accent: 'bg-accent',
  normal: 'bg-accent',
  warning: 'bg-amber-500',
  danger: 'bg-red-500',
};

interface ProgressBarProps {
  /** 0-100. */
  value: number;
  label: string;
  tone?: UsageLevel | 'accent';
  className?: string;
}

/** A thin horizontal bar; `label` names it for assistive technology. */
export function ProgressBar({ value, label, tone = 'accent', className }: ProgressBarProps) {
  const percent = clamp(value);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      className={cn('h-1.5 w-full overflow-hidden rounded-full bg-subtle ring-1 ring-line ring-inset', className)}
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-300', fills[tone])}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

interface UsageBarProps {
  used: number;
  /** The limit; 0 or less, or -1, means unlimited. */
  limit: number;
  label: string;
  /** The unit after the numbers ('people'). */
  unit?: string;
  className?: string;
}

/** Used against a limit, amber above 60% and red above 80%, with 'used / limit' in tabular numbers. */
export function UsageBar({ used, limit, label, unit, className }: UsageBarProps) {
  const unlimited = limit <= 0;
  const percent = unlimited ? 0 : (used / limit) * 100;
  const level = usageLevel(percent);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-fg">{label}</span>
        <span
          className={cn(
            'tabular text-[13px]',
            level === 'danger'
              ? 'text-red-600 dark:text-red-400'
              : level === 'warning'
                ? 'text-amber-700 dark:text-amber-400'
                : 'text-muted',
          )}
        >
          {used} / {unlimited ? '∞' : limit}
          {unit ? ` ${unit}` : ''}
        </span>
      </div>
      <ProgressBar value={percent} label={label} tone={level} />
    </div>
  );
}
