import {
  billingStatus,
  checkoutPath,
  checkoutSession,
  completedCheckout,
  createCheckoutSessionBody,
  customerPortal,
  customerPortalBody,
  localCheckoutSession,
  localPortal,
  localSessionParams,
  paths,
  planCatalogue,
  syncStripeBody,
  testCard,
  updateLocalSubscriptionBody,
} from '@overlap/contract/billing';
import { errorBody } from '@overlap/contract/common';
import { PLANS } from '../../core/plans.ts';
import type { AreaPlugin } from '../area.ts';
import { ctxOf } from '../area.ts';
import { createCheckoutSession } from './checkout-service.ts';
import { completeLocalCheckout, getLocalCheckout } from './local-checkout-service.ts';
import { getLocalPortal, updateLocalPaymentMethod, updateLocalSubscription } from './local-portal-service.ts';
import { createCustomerPortal } from './portal-service.ts';
import { getBillingStatus } from './status-service.ts';
import { syncStripe } from './sync-service.ts';
import webhookRoute from './webhook-route.ts';

const tags = ['billing'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 502: errorBody };
/** Billing is how a suspended account resolves its suspension, so its writes stay open to it. */
const suspendedMayWrite = { allowSuspendedWrite: true } as const;

const billingRoutes: AreaPlugin = async (app, { deps }) => {
  app.get(
    paths.status,
    {
      schema: {
        tags,
        summary: "The account's plan, limits, trial, payment grace and subscription",
        response: { 200: billingStatus, 401: errorBody },
      },
      config: { allowTerminated: true },
    },
    async (request) => getBillingStatus(ctxOf(deps, request)),
  );

  app.get(
    paths.plans,
    {
      schema: { tags, summary: 'The plan catalogue', response: { 200: planCatalogue } },
      config: { allowTerminated: true },
    },
    async () => ({ plans: Object.values(PLANS).filter((p) => p.active) }),
  );

  app.post(
    checkoutPath,
    {
      schema: {
        tags,
        summary: "Choose the account's plan (managers); answers where the browser goes next",
        description:
          'Free: with no subscription the plan switches now; a subscription in its trial is cancelled now, a paid ' +
          'one at the end of its period. A paid plan: with a live subscription its plan and cycle change; ' +
          "otherwise `sessionUrl` is a checkout page (Stripe's, or the built-in test-mode one without " +
          'STRIPE_SECRET_KEY) for a subscription with a 7-day trial when the account never had one. The plan ' +
          'changes when the checkout completes, not when the session is created.',
        body: createCheckoutSessionBody,
        response: { 200: checkoutSession, ...errors },
      },
      config: suspendedMayWrite,
    },
    async (request) => createCheckoutSession(ctxOf(deps, request), request.body),
  );

  app.post(
    paths.portal,
    {
      schema: {
        tags,
        summary: 'A customer portal session (managers): invoices, card, plan, cancellation',
        body: customerPortalBody,
        response: { 200: customerPortal, ...errors },
      },
      config: { ...suspendedMayWrite, allowTerminated: true },
    },
    async (request) => createCustomerPortal(ctxOf(deps, request)),
  );

  app.post(
    paths.sync,
    {
      schema: {
        tags,
        summary: "Re-read the account's subscription from the payment provider and apply it (managers)",
        body: syncStripeBody,
        response: { 200: billingStatus, ...errors },
      },
      config: { ...suspendedMayWrite, allowTerminated: true },
    },
    async (request) => syncStripe(ctxOf(deps, request), request.body),
  );

  await app.register(webhookRoute, { deps });

  app.get(
    '/api/v1/billing/local/checkout-sessions/:id',
    {
      schema: {
        tags,
        summary: 'A test-mode checkout session (only without STRIPE_SECRET_KEY)',
        params: localSessionParams,
        response: { 200: localCheckoutSession, ...errors },
      },
    },
    async (request) => getLocalCheckout(ctxOf(deps, request), request.params.id),
  );

  app.post(
    '/api/v1/billing/local/checkout-sessions/:id/complete',
    {
      schema: {
        tags,
        summary: 'Pay a test-mode checkout session with a test card (managers)',
        description:
          'Any valid card number pays; 4000 0000 0000 0002 is declined (402); 4000 0000 0000 0341 is accepted ' +
          'but every later charge fails (it starts a trial, and the payment fails when the trial ends).',
        params: localSessionParams,
        body: testCard,
        response: { 200: completedCheckout, 402: errorBody, ...errors },
      },
      config: suspendedMayWrite,
    },
    async (request) => completeLocalCheckout(ctxOf(deps, request), request.params.id, request.body),
  );

  app.get(
    paths.localSubscription,
    {
      schema: {
        tags,
        summary: 'The test-mode customer portal: the live subscription and its card',
        response: { 200: localPortal, ...errors },
      },
      config: { allowTerminated: true },
    },
    async (request) => getLocalPortal(ctxOf(deps, request)),
  );

  app.patch(
    paths.localSubscription,
    {
      schema: {
        tags,
        summary: 'Test-mode portal: cancel at period end, resume, or change plan and cycle (managers)',
        body: updateLocalSubscriptionBody,
        response: { 200: localPortal, ...errors },
      },
      config: suspendedMayWrite,
    },
    async (request) => updateLocalSubscription(ctxOf(deps, request), request.body),
  );

  app.put(
    paths.localPaymentMethod,
    {
      schema: {
        tags,
        summary: 'Test-mode portal: replace the card; a payment owed is charged to it at once (managers)',
        body: testCard,
        response: { 200: localPortal, 402: errorBody, ...errors },
      },
      config: suspendedMayWrite,
    },
    async (request) => updateLocalPaymentMethod(ctxOf(deps, request), request.body),
  );
};
export default billingRoutes;
