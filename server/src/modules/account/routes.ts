import { accountView, paths, updateAccountBody } from '@overlap/contract/account';
import { errorBody } from '@overlap/contract/common';
import type { AreaPlugin } from '../area.ts';
import { ctxOf } from '../area.ts';
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
};
export default accountRoutes;
