import { type Plan, TRIAL_DAYS } from '@overlap/contract/plans';

/** The start button's label for the selected plan: a paid plan starts its trial, once per account. */
export function startLabel(plan: Pick<Plan, 'id' | 'name'> | undefined, hadTrial = false): string {
  if (!plan) return 'Choose a plan';
  if (plan.id === 'free') return 'Start with Free';
  return hadTrial ? `Subscribe to ${plan.name}` : `Start ${TRIAL_DAYS}-Day Trial`;
}

/** The plans to offer, in catalogue order, without retired ones. */
export const offeredPlans = (plans: readonly Plan[]) => plans.filter((p) => p.active);
