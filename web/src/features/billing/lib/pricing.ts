import { type BillingCycle, type Plan, yearlySavingPercent } from '@overlap/contract/plans';

/** Whole US dollars (spec 001 §2). */
export const dollars = (amount: number) => `$${Math.round(amount).toLocaleString('en-US')}`;

export interface PlanPrice {
  /** The price per month shown large: the monthly price, or the yearly price / 12. */
  perMonth: string;
  /** 'Billed annually at $290' on the yearly card; null otherwise. */
  billed: string | null;
  /** 'Save 17%' on the yearly card of a paid plan, computed from the catalogue; null otherwise. */
  saving: string | null;
}

/** How a plan's price reads for a billing cycle. */
export function planPrice(plan: Pick<Plan, 'monthlyPrice' | 'yearlyPrice'>, cycle: BillingCycle): PlanPrice {
  if (cycle === 'monthly' || plan.yearlyPrice === 0) {
    return { perMonth: dollars(plan.monthlyPrice), billed: null, saving: null };
  }
  const percent = yearlySavingPercent(plan);
  return {
    perMonth: dollars(plan.yearlyPrice / 12),
    billed: `Billed annually at ${dollars(plan.yearlyPrice)}`,
    saving: percent > 0 ? `Save ${percent}%` : null,
  };
}

/** The best yearly saving of the catalogue, for the cycle switch ('Save up to 17%'); 0 without paid plans. */
export const bestYearlySaving = (plans: readonly Pick<Plan, 'monthlyPrice' | 'yearlyPrice'>[]) =>
  Math.max(0, ...plans.map((p) => yearlySavingPercent(p)));

export const cycleLabel = (cycle: BillingCycle | null) =>
  cycle === 'yearly' ? 'Yearly' : cycle === 'monthly' ? 'Monthly' : null;

/** 'Scaleup · $990 / year' for the billing tab. */
export function priceAndCycle(plan: Pick<Plan, 'monthlyPrice' | 'yearlyPrice' | 'id'>, cycle: BillingCycle | null) {
  if (plan.id === 'free') return '$0 / month';
  return cycle === 'yearly' ? `${dollars(plan.yearlyPrice)} / year` : `${dollars(plan.monthlyPrice)} / month`;
}
