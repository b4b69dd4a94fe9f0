import {
  billingStatus,
  checkoutPath,
  checkoutSession,
  createCheckoutSessionBody,
  paths,
  planCatalogue,
} from '@overlap/contract/billing';
import { errorBody } from '@overlap/contract/common';
import { PLANS } from '../../core/plans.ts';
import type { AreaPlugin } from '../area.ts';
import { ctxOf } from '../area.ts';
import { createCheckoutSession } from './checkout-service.ts';
import { getBillingStatus } from './status-service.ts';

const tags = ['billing'];

const billingRoutes: AreaPlugin = async (app, { deps }) => {
  app.get(
    paths.status,
    {
      schema: {
        tags,
        summary: "The account's plan, limits, trial and subscription",
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
        summary: "Switch the account's plan (managers); answers where the browser goes next",
        description:
          'Free only switches the plan and ends any trial. A paid plan would open the card payment ' +
          "provider's checkout; with no payment provider configured on this server it starts a " +
          '7-day trial of that plan instead (a trial already running keeps its end date). `sessionUrl` ' +
          'is the onboarding success page while onboarding, else the billing tab.',
        body: createCheckoutSessionBody,
        response: { 200: checkoutSession, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => createCheckoutSession(ctxOf(deps, request), request.body),
  );
};
export default billingRoutes;
