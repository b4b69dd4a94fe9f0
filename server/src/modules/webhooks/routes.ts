import { errorBody, idParams, successMessage } from '@overlap/contract/common';
import {
  createWebhookBody,
  deliveriesQuery,
  deliveriesResponse,
  paths,
  rotateSecretResponse,
  updateWebhookBody,
  webhook,
  webhookDelivery,
  webhooksResponse,
  webhookWithSecret,
} from '@overlap/contract/webhooks';
import { type AreaPlugin, ctxOf } from '../area.ts';
import {
  createWebhook,
  deleteWebhook,
  getDeliveries,
  getWebhook,
  getWebhooks,
  rotateSecret,
  sendTest,
  updateWebhook,
} from './service.ts';

const tags = ['webhooks'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

const webhookRoutes: AreaPlugin = async (app, { deps }) => {
  app.get(
    paths.webhooks,
    {
      schema: {
        tags,
        summary: "The account's outgoing webhooks (managers)",
        response: { 200: webhooksResponse, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => ({ webhooks: await getWebhooks(ctxOf(deps, request)) }),
  );

  app.post(
    paths.webhooks,
    {
      schema: {
        tags,
        summary: 'Create a webhook (managers); the answer shows its signing secret once',
        description:
          'Every delivery is a JSON POST signed with `Overlap-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. Failed deliveries are retried after 1 min, 5 min, 30 min, 2 h and 6 h. The URL must be http(s) and must not resolve to a loopback, private or link-local address.',
        body: createWebhookBody,
        response: { 201: webhookWithSecret, ...errors, 409: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await createWebhook(ctxOf(deps, request), request.body)),
  );

  app.get(
    '/api/v1/webhooks/:id',
    { schema: { tags, summary: 'One webhook (managers)', params: idParams, response: { 200: webhook, ...errors } } },
    async (request) => getWebhook(ctxOf(deps, request), request.params.id),
  );

  app.patch(
    '/api/v1/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Change the URL, the events or switch a webhook on or off (managers)',
        params: idParams,
        body: updateWebhookBody,
        response: { 200: webhook, ...errors },
      },
    },
    async (request) => updateWebhook(ctxOf(deps, request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Delete a webhook and its delivery log (managers)',
        params: idParams,
        response: { 200: successMessage, ...errors },
      },
    },
    async (request) => {
      await deleteWebhook(ctxOf(deps, request), request.params.id);
      return { success: true, message: 'Webhook deleted' };
    },
  );

  app.get(
    '/api/v1/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: "A webhook's deliveries, newest first (managers)",
        params: idParams,
        querystring: deliveriesQuery,
        response: { 200: deliveriesResponse, ...errors },
      },
    },
    async (request) => getDeliveries(ctxOf(deps, request), request.params.id, request.query),
  );

  app.post(
    '/api/v1/webhooks/:id/test',
    {
      schema: {
        tags,
        summary: "Send a 'webhook.test' event now and answer the delivery (managers; not retried)",
        params: idParams,
        response: { 200: webhookDelivery, ...errors },
      },
    },
    async (request) => sendTest(ctxOf(deps, request), request.params.id),
  );

  app.post(
    '/api/v1/webhooks/:id/rotate-secret',
    {
      schema: {
        tags,
        summary: 'Replace the signing secret (managers); the answer shows the new one once',
        params: idParams,
        response: { 200: rotateSecretResponse, ...errors },
      },
    },
    async (request) => rotateSecret(ctxOf(deps, request), request.params.id),
  );
};
export default webhookRoutes;
