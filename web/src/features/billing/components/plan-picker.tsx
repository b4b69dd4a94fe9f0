import type { BillingCycle, Plan, PlanId } from '@overlap/contract/plans';
import { bestYearlySaving } from '../lib/pricing';
import { BillingCycleSwitch } from './billing-cycle-switch';
import { PlanCard } from './plan-card';

export interface PlanPickerProps {
  plans: readonly Plan[];
  selected: PlanId | null;
  onSelect: (id: PlanId) => void;
  cycle: BillingCycle;
  onCycleChange: (cycle: BillingCycle) => void;
  currentPlan?: string | null;
}

/** The plans as radio cards, priced for the monthly or yearly cycle chosen above them. */
export function PlanPicker({ plans, selected, onSelect, cycle, onCycleChange, currentPlan }: PlanPickerProps) {
  return (
    <div className="flex flex-col gap-4">
      <BillingCycleSwitch value={cycle} onChange={onCycleChange} yearlySaving={bestYearlySaving(plans)} />
      <fieldset>
        <legend className="sr-only">Plan</legend>
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              cycle={cycle}
              selected={plan.id === selected}
              current={plan.id === currentPlan}
              onSelect={onSelect}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}
