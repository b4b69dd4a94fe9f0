import { errorBody, idParams, successMessage } from '@overlap/contract/common';
import {
  apiCallList,
  apiCallQuery,
  availableServices,
  createIntegrationBody,
  deletedCount,
  githubOrgList,
  integrationBlocks,
  integrationDetail,
  integrationEvents,
  integrationList,
  integrationPeople,
  integrationPeopleQuery,
  regenerateKeyResult,
  regenerateWebhookSecretResult,
  runDetail,
  runList,
  runParams,
  statistics,
  updateIntegrationBody,
} from '@overlap/contract/integrations';
import type { AreaPlugin } from '../area.ts';
import { ctxOf } from '../area.ts';
import {
  deleteIntegrationBlocks,
  deleteIntegrationEvents,
  getRun,
  getStatistics,
  listApiCalls,
  listIntegrationBlocks,
  listIntegrationEvents,
  listIntegrationPeople,
  listRuns,
} from './data-service.ts';
import { listGithubOrganizations } from './github-orgs.ts';
import {
  createIntegration,
  deleteIntegration,
  getIntegration,
  listAvailableServices,
  listIntegrations,
  regenerateApiKey,
  regenerateWebhookSecret,
  setIntegrationStatus,
  updateIntegration,
} from './service.ts';

const tags = ['Integrations'];
const refusals = { 401: errorBody, 403: errorBody, 404: errorBody };

const integrationRoutes: AreaPlugin = async (app, { deps }) => {
  app.get(
    '/api/v1/integrations/available-services',
    {
      schema: {
        tags,
        summary: 'Enabled services an integration can be created for',
        response: { 200: availableServices },
      },
    },
    async (request) => listAvailableServices(ctxOf(deps, request)),
  );
  app.get(
    '/api/v1/integrations',
    { schema: { tags, summary: "The account's integrations", response: { 200: integrationList } } },
    async (request) => listIntegrations(ctxOf(deps, request)),
  );
  app.post(
    '/api/v1/integrations',
    {
      schema: {
        tags,
        summary: 'Create an integration (starts Running)',
        description: `Plan rules: the free plan allows one chat integration ('Free plan allows only 1 chat
integration'); other plans allow up to their integration limit ('{plan} plan allows only {n} integrations').
Both answer 403 with code \`UPGRADE_REQUIRED\`. A Demo Data integration backfills 90 days in the background.`,
        body: createIntegrationBody,
        response: { 201: integrationDetail, 400: errorBody, ...refusals },
      },
    },
    async (request, reply) => reply.status(201).send(await createIntegration(ctxOf(deps, request), request.body)),
  );
  app.get(
    '/api/v1/integrations/:id',
    {
      schema: {
        tags,
        summary: 'One integration, with its API key and latest API calls',
        params: idParams,
        response: { 200: integrationDetail, ...refusals },
      },
    },
    async (request) => getIntegration(ctxOf(deps, request), request.params.id),
  );
  app.patch(
    '/api/v1/integrations/:id',
    {
      schema: {
        tags,
        summary: 'Rename, recolour or configure an integration (configuration only while stopped)',
        params: idParams,
        body: updateIntegrationBody,
        response: { 200: integrationDetail, 400: errorBody, 409: errorBody, ...refusals },
      },
    },
    async (request) => updateIntegration(ctxOf(deps, request), request.params.id, request.body),
  );
  app.delete(
    '/api/v1/integrations/:id',
    {
      schema: {
        tags,
        summary: 'Delete an integration (while onboarding, or once stopped)',
        params: idParams,
        response: { 200: successMessage, 409: errorBody, ...refusals },
      },
    },
    async (request) => deleteIntegration(ctxOf(deps, request), request.params.id),
  );
  for (const [action, status] of [
    ['activate', 'active'],
    ['deactivate', 'inactive'],
  ] as const) {
    app.post(
      `/api/v1/integrations/:id/${action}`,
      {
        schema: {
          tags,
          summary: action === 'activate' ? 'Start (Running)' : 'Stop',
          params: idParams,
          response: { 200: integrationDetail, 409: errorBody, ...refusals },
        },
      },
      async (request) => setIntegrationStatus(ctxOf(deps, request), request.params.id, status),
    );
  }
  app.get(
    '/api/v1/integrations/:id/github/orgs',
    {
      schema: {
        tags,
        summary: "The GitHub organisations the integration's token can see (managers)",
        description: `For the Setup form's organisation picker: GitHub's \`GET /user/orgs\` with the OAuth token (or
the personal access token saved in Setup). 404 for an integration that is not GitHub; 409 without a token or
when GitHub refuses it; 503 with \`Retry-After\` while GitHub rate-limits; 502 when GitHub fails or answers
something that is not JSON. The chosen logins are saved as \`config.organizations\` (comma separated).`,
        params: idParams,
        response: { 200: githubOrgList, 409: errorBody, 502: errorBody, 503: errorBody, ...refusals },
      },
    },
    async (request) => listGithubOrganizations(ctxOf(deps, request), request.params.id),
  );
  app.post(
    '/api/v1/integrations/:id/regenerate-key',
    {
      schema: {
        tags,
        summary: 'Replace the API key (only while stopped); the old key stops working at once',
        params: idParams,
        response: { 200: regenerateKeyResult, 409: errorBody, ...refusals },
      },
    },
    async (request) => regenerateApiKey(ctxOf(deps, request), request.params.id),
  );
  app.post(
    '/api/v1/integrations/:id/regenerate-webhook-secret',
    {
      schema: {
        tags,
        summary: 'Replace the webhook secret (GitHub, GitLab); deliveries signed with the old one answer 401',
        params: idParams,
        response: { 200: regenerateWebhookSecretResult, 409: errorBody, ...refusals },
      },
    },
    async (request) => regenerateWebhookSecret(ctxOf(deps, request), request.params.id),
  );

  app.get(
    '/api/v1/integrations/:id/runs',
    {
      schema: {
        tags,
        summary: 'Runs of the last 2 days, newest first',
        params: idParams,
        response: { 200: runList, ...refusals },
      },
    },
    async (request) => listRuns(ctxOf(deps, request), request.params.id),
  );
  app.get(
    '/api/v1/integrations/:id/runs/:runId',
    {
      schema: {
        tags,
        summary: 'One run with its debug events',
        params: runParams,
        response: { 200: runDetail, ...refusals },
      },
    },
    async (request) => getRun(ctxOf(deps, request), request.params.id, request.params.runId),
  );
  app.get(
    '/api/v1/integrations/:id/statistics',
    {
      schema: {
        tags,
        summary: 'Daily run statistics (30 days)',
        params: idParams,
        response: { 200: statistics, ...refusals },
      },
    },
    async (request) => getStatistics(ctxOf(deps, request), request.params.id),
  );
  app.get(
    '/api/v1/integrations/:id/api-calls',
    {
      schema: {
        tags,
        summary: 'Latest push API calls',
        params: idParams,
        querystring: apiCallQuery,
        response: { 200: apiCallList, ...refusals },
      },
    },
    async (request) => listApiCalls(ctxOf(deps, request), request.params.id, request.query.limit),
  );
  app.get(
    '/api/v1/integrations/:id/events',
    {
      schema: {
        tags,
        summary: 'Latest 100 events',
        params: idParams,
        response: { 200: integrationEvents, ...refusals },
      },
    },
    async (request) => listIntegrationEvents(ctxOf(deps, request), request.params.id),
  );
  app.delete(
    '/api/v1/integrations/:id/events',
    { schema: { tags, summary: 'Delete every event', params: idParams, response: { 200: deletedCount, ...refusals } } },
    async (request) => deleteIntegrationEvents(ctxOf(deps, request), request.params.id),
  );
  app.get(
    '/api/v1/integrations/:id/activity-blocks',
    {
      schema: {
        tags,
        summary: 'Latest 100 activity blocks',
        params: idParams,
        response: { 200: integrationBlocks, ...refusals },
      },
    },
    async (request) => listIntegrationBlocks(ctxOf(deps, request), request.params.id),
  );
  app.delete(
    '/api/v1/integrations/:id/activity-blocks',
    {
      schema: {
        tags,
        summary: 'Delete every activity block (and the samples they came from)',
        params: idParams,
        response: { 200: deletedCount, ...refusals },
      },
    },
    async (request) => deleteIntegrationBlocks(ctxOf(deps, request), request.params.id),
  );
  app.get(
    '/api/v1/integrations/:id/people',
    {
      schema: {
        tags,
        summary: 'People linked to the integration',
        params: idParams,
        querystring: integrationPeopleQuery,
        response: { 200: integrationPeople, 400: errorBody, ...refusals },
      },
    },
    async (request) => listIntegrationPeople(ctxOf(deps, request), request.params.id, request.query),
  );
};
export default integrationRoutes;
