import { errorBody } from '@overlap/contract/common';
import {
  activateResult,
  eventsPushBody,
  eventsPushResult,
  MAX_PUSH_BODY_BYTES,
  MAX_PUSH_ITEMS,
  presencePushBody,
  presencePushResult,
} from '@overlap/contract/ingest';
import type { AreaPlugin } from '../area.ts';
import { apiCallContextOf, keepJsonText, logApiCall } from './api-call-hooks.ts';
import { authenticatePush, type PushIntegration } from './authenticate.ts';
import { presenceBodyValidator } from './presence-body.ts';
import { activateIntegration, ingestEvents, ingestPresence } from './service.ts';

const errors = {
  400: errorBody.describe('Validation failed: `details` names the path of every bad item, e.g. `users.3.status`'),
  401: errorBody.describe('Missing, unknown or regenerated API key'),
  403: errorBody.describe('The integration is stopped or archived, or the account is suspended'),
  413: errorBody.describe('Body larger than 1 MiB'),
  429: errorBody.describe('Rate limit exceeded; wait Retry-After seconds'),
};

const commonRules = `Authenticate with \`Authorization: Bearer <API key>\` (the key on the integration's Setup tab).
Every integration with an API key accepts both presence and events. A 2xx answer means the data is
committed. At most ${MAX_PUSH_ITEMS} items and ${MAX_PUSH_BODY_BYTES / 1024 / 1024} MiB per request; timestamps may
be at most 5 minutes in the future. A refused request (4xx) stores nothing.`;

const ingestRoutes: AreaPlugin = async (app, { deps }) => {
  app.decorateRequest('pushIntegration', null);
  app.decorateRequest('apiCallLogged', false);
  keepJsonText(app);
  const hooks = {
    onRequest: authenticatePush(deps),
    onSend: logApiCall(deps),
    bodyLimit: MAX_PUSH_BODY_BYTES,
    config: { pushApi: true },
  };
  const integrationOf = (request: { pushIntegration: PushIntegration | null }) => {
    if (!request.pushIntegration) throw new Error('push route reached without an authenticated integration');
    return request.pushIntegration;
  };

  app.post(
    '/api/v1/presence',
    {
      ...hooks,
      validatorCompiler: presenceBodyValidator,
      schema: {
        tags: ['Push API'],
        summary: 'Report the presence of people',
        description: `Reports each person's status at \`timestamp\`. Unknown \`personIdentifier\`s become
unassigned people; people ignored in Overlap are acknowledged and discarded. Sending the same
sample twice changes nothing. The samples are committed when the answer arrives; blocks, the
timeline and online status follow within about a second.

${commonRules}

\`\`\`bash
curl -X POST "$OVERLAP_URL/api/v1/presence" \\
  -H "Authorization: Bearer $OVERLAP_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"timestamp":"2025-03-14T09:30:00Z","source":"my-chat-bridge",
       "users":[{"personIdentifier":"u-1042","status":"online","name":"Ada Lovelace","timezone":"Europe/London"}]}'
\`\`\``,
        security: [{ apiKey: [] }],
        body: presencePushBody,
        response: { 200: presencePushResult, ...errors },
      },
    },
    async (request, reply) =>
      ingestPresence(deps, integrationOf(request), request.body, apiCallContextOf(request, reply)),
  );

  app.post(
    '/api/v1/events',
    {
      ...hooks,
      schema: {
        tags: ['Push API'],
        summary: 'Report activity events',
        description: `Stores events (commits, deployments, document edits...). Each \`externalId\` is stored
once per integration: sending it again counts as a duplicate and changes nothing. The events are
committed when the answer arrives; the blocks they open and the timeline follow within about a second.

${commonRules}

\`\`\`bash
curl -X POST "$OVERLAP_URL/api/v1/events" \\
  -H "Authorization: Bearer $OVERLAP_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"timestamp":"2025-03-14T09:31:00Z","source":"ci",
       "events":[{"externalId":"commit-9f2c1e7","kind":"git_commit","timestamp":"2025-03-14T09:12:44Z",
                  "title":"Fix timezone of weekly report","personIdentifier":"u-1042"}]}'
\`\`\``,
        security: [{ apiKey: [] }],
        body: eventsPushBody,
        response: { 200: eventsPushResult, ...errors },
      },
    },
    async (request, reply) =>
      ingestEvents(deps, integrationOf(request), request.body, apiCallContextOf(request, reply)),
  );

  app.post(
    '/api/v1/activate',
    {
      ...hooks,
      schema: {
        tags: ['Push API'],
        summary: 'Mark the integration connected',
        description: `Marks the integration as connected (activated) without sending data, e.g. from a setup
script. No body is needed.

\`\`\`bash
curl -X POST "$OVERLAP_URL/api/v1/activate" -H "Authorization: Bearer $OVERLAP_API_KEY"
\`\`\``,
        security: [{ apiKey: [] }],
        response: { 200: activateResult, 401: errors[401], 403: errors[403], 429: errors[429] },
      },
    },
    async (request) => activateIntegration(deps, integrationOf(request)),
  );
};
export default ingestRoutes;
