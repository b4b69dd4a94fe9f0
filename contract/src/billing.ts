import { z } from 'zod';
import { billingCycle, plan, planId } from './plans.ts';

export const billingStatus = z.object({
  currentPlan: z.string(),
  billingCycle: billingCycle.nullable(),
  maxIntegrations: z.number().int().describe('-1 means unlimited'),
  maxPeople: z.number().int(),
  maxUsers: z.number().int(),
  maxCustomIntegrations: z.number().int().describe('Custom (API key) integrations allowed; -1 no cap of their own'),
  integrationInterval: z.number().int().describe('Minutes between integration data refreshes'),
  /** The next scheduled refresh of the account's polled integrations; null with none (push only). */
  nextDataRefreshAt: z.string().nullable(),
  isTrialActive: z.boolean(),
  trialEndsAt: z.string().nullable(),
  /** Set while a payment has failed: the account keeps working until then, and is suspended after. */
  paymentGraceEndsAt: z.string().nullable(),
  /** 'payment' when the account is suspended for an unpaid invoice (a paid invoice lifts it). */
  suspensionReason: z.enum(['payment', 'operator']).nullable(),
  /** 'stripe' with a card payment provider configured, 'local' for the built-in test-mode checkout. */
  provider: z.enum(['stripe', 'local']),
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
 * POST /api/v1/billing/create-checkout-session. The free plan only switches the plan (a paid
 * subscription is cancelled: at once during its trial, else at the end of the paid period). A paid
 * plan answers the checkout page (Stripe's, or the built-in test-mode one), or changes the plan of
 * the subscription the account already has. Either way the browser goes to sessionUrl.
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
export const customerPortalBody = z.object({}).strict().optional();
export const customerPortal = z.object({ url: z.string() });
export type CustomerPortal = z.infer<typeof customerPortal>;

export const syncStripeBody = z.object({
  stripeCustomerId: z.string({ message: 'is required' }).trim().min(1, 'is required').max(255),
});
export type SyncStripeBody = z.infer<typeof syncStripeBody>;

export const webhookReceipt = z.object({ received: z.literal(true), duplicate: z.boolean() });

// ---- the built-in test-mode checkout and portal (no STRIPE_SECRET_KEY) ------------------------

export const localSessionParams = z.object({
  id: z.string().regex(/^cs_local_[A-Za-z0-9_-]{8,64}$/, 'must be a checkout session id'),
});

export const localCheckoutSession = z.object({
  id: z.string(),
  planId,
  planName: z.string(),
  billingCycle,
  /** Whole US dollars charged per cycle once any trial has ended. */
  amount: z.number().int(),
  trialDays: z.number().int().nullable(),
  status: z.enum(['open', 'complete', 'expired']),
  cancelUrl: z.string(),
  expiresAt: z.string(),
});
export type LocalCheckoutSession = z.infer<typeof localCheckoutSession>;

export const testCard = z.object({
  cardNumber: z
    .string({ message: 'is required' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'must be 12 to 19 digits')),
  expiry: z
    .string({ message: 'is required' })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'must be MM/YY'),
  cvc: z
    .string({ message: 'is required' })
    .trim()
    .regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
  name: z.string({ message: 'is required' }).trim().min(1, 'is required').max(200),
});
export type TestCard = z.input<typeof testCard>;

export const completedCheckout = z.object({ redirectUrl: z.string() });
export type CompletedCheckout = z.infer<typeof completedCheckout>;

export const localSubscription = z.object({
  id: z.string(),
  planId,
  planName: z.string(),
  billingCycle,
  amount: z.number().int(),
  status: z.string(),
  trialEnd: z.string().nullable(),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  card: z.object({ brand: z.string(), last4: z.string(), declines: z.boolean() }),
});
export type LocalSubscription = z.infer<typeof localSubscription>;

export const localPortal = z.object({
  customerId: z.string().nullable(),
  subscription: localSubscription.nullable(),
});
export type LocalPortal = z.infer<typeof localPortal>;

export const updateLocalSubscriptionBody = z
  .object({
    cancelAtPeriodEnd: z.boolean().optional(),
    planId: z
      .enum(['startup', 'scaleup', 'business'], { message: 'must be one of: startup, scaleup, business' })
      .optional(),
    billingCycle: billingCycle.optional(),
  })
  .refine((b) => b.cancelAtPeriodEnd !== undefined || b.planId !== undefined || b.billingCycle !== undefined, {
    message: 'give cancelAtPeriodEnd, planId or billingCycle',
    path: ['cancelAtPeriodEnd'],
  });
export type UpdateLocalSubscriptionBody = z.infer<typeof updateLocalSubscriptionBody>;
