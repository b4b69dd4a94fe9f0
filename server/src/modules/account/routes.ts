import { accountView, paths, removedDemoData, updateAccountBody } from '@overlap/contract/account';
import { errorBody } from '@overlap/contract/common';
import type { AreaPlugin } from '../area.ts';
import { ctxOf } from '../area.ts';
import { removeDemoData } from './demo-data-service.ts';
import { getAccount, renameAccount } from './service.ts';

const tags = ['account'];

const accountRoutes: AreaPlugin = async (app, { deps }) => {
  app.get(
    paths.account,
    {
      schema: {
        tags,
        summary: 'The account: status, onboarding, integrations, integration health, signup data',
        response: { 200: accountView, 401: errorBody },
      },
      config: { allowTerminated: true },
    },
    async (request) => getAccount(ctxOf(deps, request)),
  );

  app.patch(
    paths.account,
    {
      schema: {
        tags,
        summary: 'Rename the account (managers)',
        body: updateAccountBody,
        response: { 200: accountView, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => renameAccount(ctxOf(deps, request), request.body.name),
  );

  app.delete(
    paths.demoData,
    {
      schema: {
        tags,
        summary: 'Remove demo data (managers)',
        description:
          'Deletes the Demo Data integrations and every demo person with their samples, blocks, events, ' +
          'predictions and rollups, in one transaction.',
        response: { 200: removedDemoData, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => removeDemoData(ctxOf(deps, request)),
  );
};
export default accountRoutes;
