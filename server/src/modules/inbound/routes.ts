import { errorBody } from '@overlap/contract/common';
import { inboundParams, inboundResult } from '@overlap/contract/inbound';
import type { AreaPlugin } from '../area.ts';
import { receiveWebhook } from './service.ts';

/** GitHub sends at most 25 MB; a push of 20 commits is a few hundred KB. */
const MAX_DELIVERY_BYTES = 5 * 1024 * 1024;

const inboundRoutes: AreaPlugin = async (app, { deps }) => {
  // Signatures cover the raw body byte for byte: keep it as text here (this plugin only).
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: MAX_DELIVERY_BYTES },
    (_req, body, done) => done(null, body),
  );
  app.post(
    '/api/v1/inbound/:provider/:integrationId',
    {
      bodyLimit: MAX_DELIVERY_BYTES,
      schema: {
        tags: ['Webhooks'],
        summary: 'Incoming webhook of a GitHub or GitLab integration',
        description: `The URL and secret are on the integration's Setup tab. GitHub: \`X-Hub-Signature-256\`
(HMAC-SHA256 of the raw body with the secret); \`push\` stores one \`git_commit\` event per commit,
\`deployment\` and \`deployment_status\` a \`deployment\` event, \`ping\` answers 200. GitLab: \`X-Gitlab-Token\`
equal to the secret; \`Push Hook\` stores one \`commit\` event per commit. Other event types answer 200 and
store nothing. Events are stored once each: a redelivery stores nothing twice.`,
        params: inboundParams,
        response: {
          200: inboundResult,
          400: errorBody.describe('The body is not JSON, or not the payload the provider documents'),
          401: errorBody.describe('Missing or wrong signature (GitHub) or token (GitLab)'),
          403: errorBody.describe('The integration is stopped, or its account suspended'),
          404: errorBody.describe('No integration of this provider with this id'),
          415: errorBody.describe('Not application/json'),
        },
      },
    },
    async (request) =>
      receiveWebhook(deps, {
        provider: request.params.provider,
        integrationId: request.params.integrationId,
        rawBody: typeof request.body === 'string' ? request.body : '',
        headers: request.headers,
      }),
  );
};
export default inboundRoutes;
