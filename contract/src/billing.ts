import { z } from 'zod';
import { plan } from './plans.ts';

export const billingStatus = z.object({
  currentPlan: z.string(),
  maxIntegrations: z.number().int().describe('-1 means unlimited'),
  maxPeople: z.number().int(),
  integrationInterval: z.number().int().describe('Minutes between integration data refreshes'),
  isTrialActive: z.boolean(),
  trialEndsAt: z.string().nullable(),
  stripe: z.object({
    subscriptionStatus: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    currentPeriodEnd: z.string().nullable(),
    customerId: z.string().nullable(),
  }),
});
export type BillingStatus = z.infer<typeof billingStatus>;

export const planCatalogue = z.object({ plans: z.array(plan) });
export type PlanCatalogue = z.infer<typeof planCatalogue>;

export const paths = { status: '/api/v1/billing/status', plans: '/api/v1/billing/plans' } as const;
