import { cn } from '../lib/cn';
import { Spinner } from './spinner';

export interface SwitchProps {
  checked: boolean;
  onCheckedChange: (next: boolean) => void;
  /** The accessible name: what the switch turns on and off. */
  label: string;
  pending?: boolean;
  disabled?: boolean;
  id?: string;
}

/** An on/off switch (role switch); Space and Enter toggle it like a button. */
export function Switch({ checked, onCheckedChange, label, pending, disabled, id }: SwitchProps) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled || pending}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-60',
        checked ? 'bg-accent' : 'bg-zinc-300 dark:bg-zinc-600',
      )}
    >
      <span
        className={cn(
          'inline-flex size-5 items-center justify-center rounded-full bg-white shadow-sm transition-transform',
          checked ? 'translate-x-5.5' : 'translate-x-0.5',
        )}
      >
        {pending ? <Spinner size="sm" /> : null}
      </span>
    </button>
  );
}
