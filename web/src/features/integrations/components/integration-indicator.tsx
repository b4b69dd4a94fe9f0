import { cn } from '../../../lib/cn';
import { Tooltip } from '../../../ui/tooltip';
import { type IndicatorState, indicatorHints, indicatorLabels } from '../lib/indicator';

const dots: Record<IndicatorState, string> = {
  online: 'bg-emerald-500',
  stale: 'bg-amber-500',
  disabled: 'bg-red-500',
  offline: 'bg-zinc-400 dark:bg-zinc-500',
};

const texts: Record<IndicatorState, string> = {
  online: 'text-emerald-700 dark:text-emerald-400',
  stale: 'text-amber-700 dark:text-amber-400',
  disabled: 'text-red-700 dark:text-red-400',
  offline: 'text-muted',
};

/** A dot and a word for the integration's health, with a tooltip saying what it means. */
export function IntegrationIndicator({ state, className }: { state: IndicatorState; className?: string }) {
  return (
    <Tooltip content={indicatorHints[state]}>
      <span
        className={cn(
          'inline-flex items-center gap-1.5 rounded-sm text-[13px] font-medium whitespace-nowrap',
          texts[state],
          className,
        )}
        data-indicator={state}
      >
        <span className={cn('size-2 rounded-full', dots[state])} aria-hidden="true" />
        {indicatorLabels[state]}
      </span>
    </Tooltip>
  );
}
