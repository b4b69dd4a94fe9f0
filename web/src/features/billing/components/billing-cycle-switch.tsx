import type { BillingCycle } from '@overlap/contract/plans';
import { cn } from '../../../lib/cn';

export interface BillingCycleSwitchProps {
  value: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
  /** The best yearly saving of the catalogue, shown on the yearly option when above 0. */
  yearlySaving: number;
}

const options: { value: BillingCycle; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
];

/** Monthly or yearly billing, as a two-option radio group (arrow keys move between them). */
export function BillingCycleSwitch({ value, onChange, yearlySaving }: BillingCycleSwitchProps) {
  return (
    <fieldset className="inline-flex w-fit rounded-lg border border-line bg-subtle p-0.5">
      <legend className="sr-only">Billing cycle</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={cn(
            'relative flex h-8 cursor-pointer items-center gap-2 rounded-md px-3 text-[13px] font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-accent',
            value === option.value ? 'bg-surface text-fg shadow-sm ring-1 ring-line' : 'text-muted hover:text-fg',
          )}
        >
          <input
            type="radio"
            name="billing-cycle"
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="sr-only"
          />
          {option.label}
          {option.value === 'yearly' && yearlySaving > 0 ? (
            <span className="rounded-full bg-emerald-50 px-1.5 text-[11px] font-semibold text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300">
              -{yearlySaving}%
            </span>
          ) : null}
        </label>
      ))}
    </fieldset>
  );
}
