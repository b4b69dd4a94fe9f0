import type { BillingCycle, Plan } from '@overlap/contract/plans';
import { Check } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { Badge } from '../../../ui/badge';
import { integrationLimitText } from '../lib/comparison';
import { planPrice } from '../lib/pricing';

export interface PlanCardProps {
  plan: Plan;
  cycle: BillingCycle;
  selected: boolean;
  current: boolean;
  onSelect: (id: Plan['id']) => void;
  /** The radio group's name, unique per picker on a page. */
  name?: string;
}

const limits = (plan: Plan) => [
  `Up to ${plan.peopleLimit} ${plan.peopleLimit === 1 ? 'person' : 'people'}`,
  plan.integrationLimit < 0 ? 'Unlimited integrations' : integrationLimitText(plan.integrationLimit),
  `Data every ${plan.trackingInterval} min`,
  plan.id === 'free' ? '7 days of history' : `${plan.dataRetention} retention`,
];

/** One plan as a radio choice: its price for the cycle, and the limits that matter when choosing. */
export function PlanCard({ plan, cycle, selected, current, onSelect, name = 'plan' }: PlanCardProps) {
  const price = planPrice(plan, cycle);
  return (
    <label
      className={cn(
        'relative flex h-full cursor-pointer flex-col gap-3 rounded-lg border bg-surface p-4 transition has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent',
        selected ? 'border-accent ring-1 ring-accent' : 'border-line hover:border-line-strong',
      )}
    >
      <input
        type="radio"
        name={name}
        value={plan.id}
        checked={selected}
        onChange={() => onSelect(plan.id)}
        className="sr-only"
      />
      <span className="flex items-center justify-between gap-2">
        <span className="text-sm font-semibold text-fg">{plan.name}</span>
        {current ? (
          <Badge tone="neutral">Current</Badge>
        ) : plan.badge ? (
          <Badge tone="accent">{plan.badge}</Badge>
        ) : null}
      </span>
      <span className="flex flex-col gap-0.5">
        <span className="flex items-baseline gap-1">
          <span className="tabular text-2xl font-semibold tracking-tight text-fg">{price.perMonth}</span>
          <span className="text-[13px] text-muted">/ month</span>
          {price.saving ? (
            <span className="ml-auto self-center rounded-full bg-emerald-50 px-2 py-0.5 text-[11px] font-semibold text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300">
              {price.saving}
            </span>
          ) : null}
        </span>
        <span className="tabular min-h-4 text-xs text-muted">
          {price.billed ?? (plan.monthlyPrice > 0 ? 'Billed monthly' : 'Free forever')}
        </span>
      </span>
      <span className="text-[13px] text-muted">{plan.description}</span>
      <ul className="mt-auto flex flex-col gap-1.5 border-t border-line pt-3 text-[13px] text-fg">
        {limits(plan).map((line) => (
          <li key={line} className="flex items-center gap-2">
            <Check className="size-3.5 shrink-0 text-accent-text" aria-hidden="true" />
            <span className="tabular">{line}</span>
          </li>
        ))}
      </ul>
    </label>
  );
}
