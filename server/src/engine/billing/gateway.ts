import type { BillingCycle, Plan } from '@overlap/contract/plans';
import type { SubscriptionSnapshot } from './subscription.ts';

export interface CheckoutRequest {
  accountId: string;
  customerId: string;
  plan: Plan;
  billingCycle: BillingCycle;
  trialDays: number | null;
  /** Absolute or app-relative; `{CHECKOUT_SESSION_ID}` is replaced by the session's id. */
  successUrl: string;
  cancelUrl: string;
}

/**
 * What the billing rules need from a payment provider. Two implementations: Stripe through its
 * SDK (stripe-gateway.ts) and the built-in test mode (local-gateway.ts), so both modes share every
 * rule of checkout, plan changes, cancellation and how a subscription sets the account's fields.
 */
export interface BillingGateway {
  readonly mode: 'stripe' | 'local';
  /** Whether a customer id is one of this provider's (an account may keep one from the other mode). */
  owns(customerId: string): boolean;
  createCustomer(account: { id: string; name: string; email: string | null }): Promise<string>;
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Every subscription of the customer, whatever its status. */
  listSubscriptions(customerId: string): Promise<SubscriptionSnapshot[]>;
  changePlan(subscriptionId: string, plan: Plan, billingCycle: BillingCycle): Promise<void>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  cancelNow(subscriptionId: string): Promise<void>;
  setTrialEnd(subscriptionId: string, trialEnd: Date): Promise<void>;
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
}
