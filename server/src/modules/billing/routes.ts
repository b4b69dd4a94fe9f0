import { billingStatus, paths, planCatalogue } from '@overlap/contract/billing';
import { errorBody } from '@overlap/contract/common';
import type { AreaPlugin } from '../../http/app.ts';
import { ctxOf } from '../../http/context.ts';
import { PLANS } from './plans.ts';
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
};
export default billingRoutes;
