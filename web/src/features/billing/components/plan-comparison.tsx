import type { Plan } from '@overlap/contract/plans';
import { Check, Minus } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { Badge } from '../../../ui/badge';
import { type ComparisonCell, comparisonRows } from '../lib/comparison';

function Cell({ cell }: { cell: ComparisonCell }) {
  switch (cell.kind) {
    case 'text':
      return <span className="tabular">{cell.text}</span>;
    case 'included':
      return (
        <>
          <Check className="inline size-4 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
          <span className="sr-only">Included</span>
        </>
      );
    case 'excluded':
      return (
        <>
          <Minus className="inline size-4 text-faint" aria-hidden="true" />
          <span className="sr-only">Not included</span>
        </>
      );
    case 'coming-soon':
      return <Badge tone="neutral">Coming soon</Badge>;
  }
}

function PlanHeading({ plan, current }: { plan: Plan; current: boolean }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <span>{plan.name}</span>
      {plan.badge ? <Badge tone="accent">{plan.badge}</Badge> : null}
      {current ? <Badge tone="neutral">Current</Badge> : null}
    </span>
  );
}

export interface PlanComparisonProps {
  plans: readonly Plan[];
  currentPlan?: string | null;
  className?: string;
}

/** Every plan side by side (spec 001 §2 Plan comparison); stacked per plan on small screens. */
export function PlanComparison({ plans, currentPlan, className }: PlanComparisonProps) {
  const rows = comparisonRows(plans);
  return (
    <div className={className}>
      <div className="hidden overflow-hidden rounded-lg border border-line bg-surface md:block">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">Plan comparison</caption>
          <thead className="bg-subtle text-[13px] text-muted">
            <tr>
              <th scope="col" className="w-52 px-4 py-2.5 font-medium">
                <span className="sr-only">Feature</span>
              </th>
              {plans.map((plan) => (
                <th
                  key={plan.id}
                  scope="col"
                  className={cn('px-4 py-2.5 font-semibold text-fg', plan.badge && 'bg-accent/5')}
                >
                  <PlanHeading plan={plan} current={plan.id === currentPlan} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row" className="px-4 py-2.5 font-medium text-muted">
                  {row.label}
                </th>
                {row.cells.map((cell, i) => (
                  <td key={plans[i]?.id} className={cn('px-4 py-2.5 text-fg', plans[i]?.badge && 'bg-accent/5')}>
                    <Cell cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-col gap-3 md:hidden">
        {plans.map((plan, i) => (
          <section key={plan.id} className="rounded-lg border border-line bg-surface" aria-label={plan.name}>
            <h3 className="border-b border-line px-4 py-2.5 text-sm font-semibold text-fg">
              <PlanHeading plan={plan} current={plan.id === currentPlan} />
            </h3>
            <dl className="divide-y divide-line px-4">
              {rows.map((row) => (
                <div key={row.label} className="flex items-center justify-between gap-4 py-2 text-[13px]">
                  <dt className="text-muted">{row.label}</dt>
                  <dd className="text-right text-fg">
                    <Cell cell={row.cells[i] as ComparisonCell} />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </div>
  );
}
