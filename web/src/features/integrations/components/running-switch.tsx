import { cn } from '../../../lib/cn';
import { Spinner } from '../../../ui/spinner';

/** The start/stop toggle: a switch named by what it controls, checked while running. */
export function RunningSwitch({
  running,
  pending,
  onToggle,
}: {
  running: boolean;
  pending: boolean;
  onToggle: (next: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={running}
      aria-label={running ? 'Running: stop the integration' : 'Stopped: start the integration'}
      disabled={pending}
      onClick={() => onToggle(!running)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-60',
        running ? 'bg-emerald-600' : 'bg-zinc-300 dark:bg-zinc-600',
      )}
    >
      <span
        className={cn(
          'inline-flex size-5 items-center justify-center rounded-full bg-white shadow-sm transition-transform',
          running ? 'translate-x-5.5' : 'translate-x-0.5',
        )}
      >
        {pending ? <Spinner size="sm" /> : null}
      </span>
    </button>
  );
}
