import { errorBody } from '@overlap/contract/common';
import { authUrlBody, authUrlResult, oauthPaths, oauthProviders } from '@overlap/contract/oauth';
import { z } from 'zod';
import type { AreaPlugin } from '../area.ts';
import { ctxOf } from '../area.ts';
import { completeAuthorization, startAuthorization } from './service.ts';

const tags = ['Integrations'];
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 503: errorBody };

const callbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  guild_id: z.string().max(40).optional(),
  permissions: z.string().max(40).optional(),
});

const oauthRoutes: AreaPlugin = async (app, { deps }) => {
  for (const provider of oauthProviders) {
    app.post(
      oauthPaths.authUrl(provider),
      {
        schema: {
          tags,
          summary: `Start ${provider} authorization for an integration (managers)`,
          description:
            'Answers the URL to send the browser to. The state in it is bound to this session and the ' +
            'integration, single use, and expires after 10 minutes. 503 `OAUTH_NOT_CONFIGURED` while the ' +
            "server has no client credentials for the provider ('{Name} sign-in is not configured on this server.').",
          body: authUrlBody,
          response: { 200: authUrlResult, ...refusals },
        },
      },
      async (request) => startAuthorization(ctxOf(deps, request), provider, request.body),
    );
  }

  app.get(
    '/api/v1/integrations/oauth/:provider/callback',
    {
      schema: {
        tags,
        summary: "The providers' redirect URI: exchanges the code and sends the browser to the return page",
        description:
          'Register `{PUBLIC_URL}/api/v1/integrations/oauth/{provider}/callback` with each provider. Always ' +
          'answers 302 to `/integrations/{provider}/callback` with `success`, `integrationId`, `teamName`, ' +
          '`onboarding` or `error` (`invalid_state`, `integration_not_found`, `invalid_integration_type`, ' +
          "`internal_server_error`, `missing_parameters`, or the provider's own code).",
        params: z.object({ provider: z.string().max(40) }),
        querystring: callbackQuery,
      },
    },
    async (request, reply) => {
      const outcome = await completeAuthorization(deps, request.actor, request.params.provider, request.query);
      if (outcome.failure)
        request.log.warn({ provider: request.params.provider }, `OAuth callback: ${outcome.failure}`);
      return reply.redirect(outcome.location, 302);
    },
  );
};
export default oauthRoutes;
