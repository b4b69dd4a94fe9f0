import { z } from 'zod';

export const planIds = ['free', 'startup', 'scaleup', 'business'] as const;
export const planId = z.enum(planIds);
export type PlanId = z.infer<typeof planId>;

export const billingCycles = ['monthly', 'yearly'] as const;
export const billingCycle = z.enum(billingCycles);
export type BillingCycle = z.infer<typeof billingCycle>;

const priceIdsPerCycle = z.object({ monthly: z.string().nullable(), yearly: z.string().nullable() });

export const plan = z.object({
  id: planId,
  name: z.string(),
  description: z.string(),
  monthlyPrice: z.number().int().describe('Whole US dollars per month'),
  yearlyPrice: z.number().int().describe('Whole US dollars per year'),
  peopleLimit: z.number().int(),
  userLimit: z.number().int(),
  trackingInterval: z.number().int().describe('Minutes between integration data refreshes'),
  integrationLimit: z.number().int().describe('-1 means unlimited'),
  dataRetention: z.string(),
  retentionDays: z.number().int().nullable().describe('null means unlimited'),
  color: z.string(),
  supportLevel: z.string(),
  active: z.boolean(),
  badge: z.string().nullable(),
  features: z.array(z.string()).describe('What the plan includes today'),
  teamManagement: z.boolean(),
  customIntegrationLimit: z.number().int().describe('Custom (API key) integrations the plan includes; 0 none'),
  comingSoon: z.array(z.string()).describe('Features promised for the plan that are not built yet'),
  stripePriceIds: z
    .object({ production: priceIdsPerCycle, development: priceIdsPerCycle })
    .describe('Card payment provider price ids per billing cycle (null for the free plan)'),
});
export type Plan = z.infer<typeof plan>;

/** Trial length of a paid plan, had once per account. */
export const TRIAL_DAYS = 7;
/** Days an account keeps working after a failed payment before it is suspended. */
export const PAYMENT_GRACE_DAYS = 7;

/** The saving of yearly over 12 monthly payments, in whole percent (290 against 12 x 29 is 17%). */
export function yearlySavingPercent(p: Pick<Plan, 'monthlyPrice' | 'yearlyPrice'>): number {
  if (p.monthlyPrice <= 0) return 0;
  return Math.round((1 - p.yearlyPrice / (12 * p.monthlyPrice)) * 100);
}
