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

export { billingPaths as paths, checkoutPath } from './paths.ts';

/**
 * POST /api/v1/billing/create-checkout-session. For the free plan it only switches the plan. For a
 * paid plan it answers the payment provider's checkout URL; on a server without a payment provider
 * configured the paid plan starts as a 7-day trial instead. Either way the browser goes to sessionUrl.
 */
export const createCheckoutSessionBody = z.object({
  planId: z.enum(['free', 'startup', 'scaleup', 'business'], {
    message: 'must be one of: free, startup, scaleup, business',
  }),
  billingCycle: z.enum(['monthly', 'yearly'], { message: 'must be monthly or yearly' }).default('monthly'),
});
export type CreateCheckoutSessionBody = z.input<typeof createCheckoutSessionBody>;
export const checkoutSession = z.object({ sessionUrl: z.string() });
export type CheckoutSession = z.infer<typeof checkoutSession>;
