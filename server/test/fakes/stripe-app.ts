import type { LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { PLANS } from '../../src/core/plans.ts';
import { createTestApp, type TestApp } from '../app.ts';
import { type FakeEvent, type FakePrice, type FakeStripe, startFakeStripe } from './stripe.ts';

export const WEBHOOK_SECRET = 'whsec_test_overlap_webhooks';

/** The catalogue's development prices, as the fake Stripe account holds them (amounts in cents). */
export function cataloguePrices(): FakePrice[] {
  return Object.values(PLANS).flatMap((plan) => {
    const { monthly, yearly } = plan.stripePriceIds.development;
    return [
      ...(monthly ? [{ id: monthly, interval: 'month' as const, unitAmount: plan.monthlyPrice * 100 }] : []),
      ...(yearly ? [{ id: yearly, interval: 'year' as const, unitAmount: plan.yearlyPrice * 100 }] : []),
    ];
  });
}

export interface StripeTestApp extends TestApp {
  stripe: FakeStripe;
  /** POSTs an event to the webhook endpoint, signed as Stripe signs it (or with the given secret/time). */
  deliver(
    event: FakeEvent,
    options?: { secret?: string; timestamp?: number; signature?: string | null },
  ): Promise<LightMyRequestResponse>;
}

/** A test app whose Stripe SDK talks to a local fake Stripe API (STRIPE_API_BASE). */
export async function createStripeTestApp(): Promise<StripeTestApp> {
  const stripe = await startFakeStripe(cataloguePrices());
  const t = await createTestApp({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
  });
  return {
    ...t,
    stripe,
    deliver(event, options = {}) {
      const payload = JSON.stringify(event);
      const signature =
        options.signature !== undefined
          ? options.signature
          : Stripe.webhooks.generateTestHeaderString({
              payload,
              secret: options.secret ?? WEBHOOK_SECRET,
              ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
            });
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/billing/webhook',
        headers: {
          'content-type': 'application/json',
          ...(signature !== null ? { 'stripe-signature': signature } : {}),
        },
        payload,
      });
    },
    async close() {
      await t.close();
      await stripe.close();
    },
  };
}
