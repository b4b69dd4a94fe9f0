import type { Plan } from '@overlap/contract/plans';
import { Check } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { Badge } from '../../../ui/badge';
import { integrationsLimit, monthlyPrice, peopleLimit, refreshInterval } from '../lib/plan-display';

interface PlanCardProps {
  plan: Plan;
  selected: boolean;
  current: boolean;
  onSelect: (id: Plan['id']) => void;
}

/** One plan as a radio choice: price per month and the limits that matter when choosing. */
export function PlanCard({ plan, selected, current, onSelect }: PlanCardProps) {
  return (
    <label
      className={cn(
        'relative flex h-full cursor-pointer flex-col gap-3 rounded-lg border bg-surface p-4 transition has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent',
        selected ? 'border-accent ring-1 ring-accent' : 'border-line hover:border-line-strong',
      )}
    >
      <input
        type="radio"
        name="plan"
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
      <span className="flex items-baseline gap-1">
        <span className="tabular text-2xl font-semibold tracking-tight text-fg">{monthlyPrice(plan)}</span>
        <span className="text-[13px] text-muted">/ month</span>
      </span>
      <span className="text-[13px] text-muted">{plan.description}</span>
      <ul className="mt-auto flex flex-col gap-1.5 border-t border-line pt-3 text-[13px] text-fg">
        {[
          peopleLimit(plan.peopleLimit),
          integrationsLimit(plan.integrationLimit),
          refreshInterval(plan.trackingInterval),
          `${plan.dataRetention} retention`,
        ].map((line) => (
          <li key={line} className="flex items-center gap-2">
            <Check className="size-3.5 shrink-0 text-accent-text" aria-hidden="true" />
            <span className="tabular">{line}</span>
          </li>
        ))}
      </ul>
    </label>
  );
}
