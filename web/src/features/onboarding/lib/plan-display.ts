import type { Plan } from '@overlap/contract/plans';

/** Spec 001 §9: a paid plan starts as a 7-day trial. */
const TRIAL_DAYS = 7;

export const monthlyPrice = (plan: Pick<Plan, 'monthlyPrice'>) => `$${plan.monthlyPrice}`;

export const integrationsLimit = (limit: number) =>
  limit < 0 ? 'Unlimited integrations' : `${limit} integration${limit === 1 ? '' : 's'}`;

export const peopleLimit = (limit: number) => `Up to ${limit} ${limit === 1 ? 'person' : 'people'}`;

export const refreshInterval = (minutes: number) => `Data every ${minutes} min`;

/** The start button's label for the selected plan. */
export function startLabel(plan: Pick<Plan, 'id' | 'name'> | undefined): string {
  if (!plan) return 'Choose a plan';
  return plan.id === 'free' ? 'Start with Free' : `Start ${TRIAL_DAYS}-Day Trial`;
}

/** The plans to offer, in catalogue order, without retired ones. */
export const offeredPlans = (plans: readonly Plan[]) => plans.filter((p) => p.active);
