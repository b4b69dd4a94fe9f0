import { errorBody, idParams } from '@overlap/contract/common';
import { fixBlocksResult } from '@overlap/contract/maintenance';
import {
  accountActionParams,
  accountActionResult,
  accountsPage,
  accountsQuery,
  extendTrialBody,
  extendTrialResult,
  features,
  featuresBody,
  limits,
  limitsBody,
  operatorAccount,
  operatorGapResult,
  operatorUsers,
  paths,
  renameAccountBody,
} from '@overlap/contract/superadmin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../core/context.ts';
import { ctxOf } from '../area.ts';
import { setSessionCookie } from '../auth/session.ts';
import { runStatusAction } from './account-actions.ts';
import { getOperatorAccount, listAccounts, listOperatorUsers, renameOperatorAccount } from './accounts-service.ts';
import { startImpersonation } from './impersonation-service.ts';
import { extendTrial, getFeatures, setFeatures, setLimits } from './limits-service.ts';
import { detectAccountGaps, fixAccountBlocks } from './maintenance-service.ts';

const tags = ['superadmin'];
const refused = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    paths.accounts,
    {
      schema: {
        tags,
        summary: 'Accounts, newest first: status, tile filter and search (account name or admin e-mail), 20 a page',
        querystring: accountsQuery,
        response: { 200: accountsPage, ...refused },
      },
    },
    async (request) => listAccounts(ctxOf(deps, request), request.query),
  );

  r.get(
    paths.account,
    {
      schema: {
        tags,
        summary: 'One account, operator view',
        params: idParams,
        response: { 200: operatorAccount, ...refused },
      },
    },
    async (request) => getOperatorAccount(ctxOf(deps, request), request.params.id),
  );

  r.patch(
    paths.account,
    {
      schema: {
        tags,
        summary: 'Rename an account',
        params: idParams,
        body: renameAccountBody,
        response: { 200: operatorAccount, ...refused },
      },
    },
    async (request) => renameOperatorAccount(ctxOf(deps, request), request.params.id, request.body.name),
  );

  r.post(
    paths.accountAction,
    {
      schema: {
        tags,
        summary:
          'terminate, suspend, activate, delete (only once terminated) or impersonate (only an active account: signs in as its admin user for 1 hour)',
        params: accountActionParams,
        response: { 200: accountActionResult, ...refused, 409: errorBody },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(deps, request);
      const { id, action } = request.params;
      if (action !== 'impersonate') return runStatusAction(ctx, id, action);
      const { token, result } = await startImpersonation(ctx, id, { userAgent: request.headers['user-agent'] });
      setSessionCookie(deps, reply, token);
      return result;
    },
  );

  r.put(
    paths.limits,
    {
      schema: {
        tags,
        summary: 'Set the limits in force (null: unlimited), over the plan’s',
        params: idParams,
        body: limitsBody,
        response: { 200: limits, ...refused },
      },
    },
    async (request) => setLimits(ctxOf(deps, request), request.params.id, request.body),
  );

  r.put(
    paths.extendTrial,
    {
      schema: {
        tags,
        summary: 'Move the trial end to a future date (in Stripe too when the account has a subscription there)',
        params: idParams,
        body: extendTrialBody,
        response: { 200: extendTrialResult, ...refused, 503: errorBody },
      },
    },
    async (request) => extendTrial(ctxOf(deps, request), request.params.id, request.body),
  );

  r.get(
    paths.users,
    {
      schema: { tags, summary: "The account's users", params: idParams, response: { 200: operatorUsers, ...refused } },
    },
    async (request) => listOperatorUsers(ctxOf(deps, request), request.params.id),
  );

  r.get(
    paths.features,
    {
      schema: {
        tags,
        summary: "The account's feature flags",
        params: idParams,
        response: { 200: features, ...refused },
      },
    },
    async (request) => getFeatures(ctxOf(deps, request), request.params.id),
  );

  r.put(
    paths.features,
    {
      schema: {
        tags,
        summary: 'Replace the feature flags (predictions, teams, custom-integrations)',
        params: idParams,
        body: featuresBody,
        response: { 200: features, ...refused },
      },
    },
    async (request) => setFeatures(ctxOf(deps, request), request.params.id, request.body),
  );

  r.post(
    paths.detectGaps,
    {
      schema: {
        tags,
        summary: 'Gaps between integration runs over the last 90 days',
        params: idParams,
        response: { 200: operatorGapResult, ...refused },
      },
    },
    async (request) => detectAccountGaps(ctxOf(deps, request), request.params.id),
  );

  r.post(
    paths.fixBlocks,
    {
      schema: {
        tags,
        summary: 'Cap the blocks that run into those gaps at the last successful run before each gap',
        params: idParams,
        response: { 200: fixBlocksResult, ...refused },
      },
    },
    async (request) => fixAccountBlocks(ctxOf(deps, request), request.params.id),
  );
}
