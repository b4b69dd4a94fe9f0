import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import { AppError } from '../../core/errors.ts';
import { planOfPrice, priceEnvironment, priceIdFor } from '../../core/plan-prices.ts';
import type { BillingGateway } from '../../engine/billing/gateway.ts';
import { LOCAL_CUSTOMER_PREFIX } from '../../engine/billing/local-gateway.ts';
import type { SubscriptionSnapshot } from '../../engine/billing/subscription.ts';
import { stripeClient } from './stripe-client.ts';

const fromUnix = (s: number | null | undefined): Date | null => (typeof s === 'number' ? new Date(s * 1000) : null);
const idOf = (v: string | { id: string } | null | undefined): string | null =>
  typeof v === 'string' ? v : (v?.id ?? null);

/** A Stripe subscription in the terms of the account's billing fields. */
export function snapshotOfStripe(sub: Stripe.Subscription): SubscriptionSnapshot {
  const item = sub.items?.data?.[0];
  const priceId = item?.price?.id ?? null;
  const known = planOfPrice(priceId);
  const metaPlan = sub.metadata?.planId;
  const metaCycle = sub.metadata?.billingCycle;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    status: sub.status,
    // A price outside the catalogue: the plan the checkout recorded on the subscription.
    planId: known?.planId ?? metaPlanId(metaPlan),
    billingCycle:
      known?.billingCycle ??
      (metaCycle === 'monthly' || metaCycle === 'yearly'
        ? metaCycle
        : item?.price?.recurring?.interval === 'year'
          ? 'yearly'
          : item?.price?.recurring?.interval === 'month'
            ? 'monthly'
            : null),
    priceId,
    trialEnd: fromUnix(sub.trial_end),
    currentPeriodEnd: fromUnix(item?.current_period_end),
    // Newer portals schedule a cancellation with cancel_at instead of cancel_at_period_end.
    cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
    created: fromUnix(sub.created) ?? new Date(0),
  };
}

const PAID_PLAN_IDS = new Set(['startup', 'scaleup', 'business']);
function metaPlanId(value: string | undefined) {
  return value && PAID_PLAN_IDS.has(value) ? (value as 'startup' | 'scaleup' | 'business') : null;
}

/** Stripe's failures as our error shape: the card payment provider is unavailable, 502. */
export function paymentProviderError(err: unknown): AppError {
  const message = err instanceof Error ? err.message : String(err);
  return new AppError(502, 'PAYMENT_PROVIDER_ERROR', `The card payment provider answered with an error: ${message}`, {
    error: 'The card payment provider could not complete the request. Please try again.',
  });
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw paymentProviderError(err);
  }
}

export function createStripeGateway(config: Config): BillingGateway | null {
  const stripe = stripeClient(config);
  if (!stripe) return null;
  const environment = priceEnvironment(config.STRIPE_SECRET_KEY);
  const absolute = (url: string) => (url.startsWith('/') ? `${config.publicUrl}${url}` : url);
  const priceOf = (plan: Parameters<BillingGateway['changePlan']>[1], cycle: 'monthly' | 'yearly') => {
    const price = priceIdFor(plan, cycle, environment);
    if (!price) throw new AppError(409, 'NO_PRICE', `The ${plan.name} plan has no ${cycle} price.`);
    return price;
  };

  return {
    mode: 'stripe',
    owns: (customerId) => !customerId.startsWith(LOCAL_CUSTOMER_PREFIX),
    createCustomer: (account) =>
      call(async () => {
        const customer = await stripe.customers.create({
          name: account.name,
          ...(account.email ? { email: account.email } : {}),
          metadata: { accountId: account.id },
        });
        return customer.id;
      }),
    createCheckout: (request) =>
      call(async () => {
        const metadata = { accountId: request.accountId, planId: request.plan.id, billingCycle: request.billingCycle };
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: request.customerId,
          client_reference_id: request.accountId,
          line_items: [{ price: priceOf(request.plan, request.billingCycle), quantity: 1 }],
          subscription_data: {
            ...(request.trialDays ? { trial_period_days: request.trialDays } : {}),
            metadata,
          },
          metadata,
          success_url: absolute(request.successUrl),
          cancel_url: absolute(request.cancelUrl),
        });
        if (!session.url) throw new Error('No checkout URL received');
        return { sessionId: session.id, url: session.url };
      }),
    listSubscriptions: (customerId) =>
      call(async () => {
        const all: SubscriptionSnapshot[] = [];
        for await (const sub of stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) {
          all.push(snapshotOfStripe(sub));
        }
        return all;
      }),
    changePlan: (subscriptionId, plan, cycle) =>
      call(async () => {
        const sub = await stripe.subscriptions.retrieve(subscriptionId);
        const item = sub.items.data[0];
        await stripe.subscriptions.update(subscriptionId, {
          items: [{ ...(item ? { id: item.id } : {}), price: priceOf(plan, cycle) }],
          cancel_at_period_end: false,
          proration_behavior: 'create_prorations',
          metadata: { planId: plan.id, billingCycle: cycle },
        });
      }),
    setCancelAtPeriodEnd: (subscriptionId, cancel) =>
      call(async () => {
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
      }),
    cancelNow: (subscriptionId) =>
      call(async () => {
        await stripe.subscriptions.cancel(subscriptionId);
      }),
    setTrialEnd: (subscriptionId, trialEnd) =>
      call(async () => {
        await stripe.subscriptions.update(subscriptionId, {
          trial_end: Math.floor(trialEnd.getTime() / 1000),
          proration_behavior: 'none',
        });
      }),
    portalUrl: (customerId, returnUrl) =>
      call(async () => {
        const session = await stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: absolute(returnUrl),
        });
        return session.url;
      }),
  };
}
