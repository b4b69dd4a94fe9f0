import type { BillingCycle, Plan, PlanId } from '@overlap/contract/plans';
import { PLANS } from './plans.ts';

export type PriceEnvironment = 'production' | 'development';

/** Live keys use the catalogue's production prices; test keys (and the test mode) the development ones. */
export function priceEnvironment(secretKey: string | undefined): PriceEnvironment {
  return /^(sk|rk)_live_/.test(secretKey ?? '') ? 'production' : 'development';
}

export function priceIdFor(plan: Plan, cycle: BillingCycle, environment: PriceEnvironment): string | null {
  return plan.stripePriceIds[environment][cycle];
}

/** The plan and cycle a price id of the catalogue stands for (either environment), or null. */
export function planOfPrice(priceId: string | null | undefined): { planId: PlanId; billingCycle: BillingCycle } | null {
  if (!priceId) return null;
  for (const plan of Object.values(PLANS)) {
    for (const prices of Object.values(plan.stripePriceIds)) {
      if (prices.monthly === priceId) return { planId: plan.id, billingCycle: 'monthly' };
      if (prices.yearly === priceId) return { planId: plan.id, billingCycle: 'yearly' };
    }
  }
  return null;
}

/** Whole US dollars charged per cycle. */
export const amountFor = (plan: Plan, cycle: BillingCycle): number =>
  cycle === 'yearly' ? plan.yearlyPrice : plan.monthlyPrice;
