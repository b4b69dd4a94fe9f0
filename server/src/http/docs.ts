import { createHash } from 'node:crypto';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { AppDeps } from '../core/context.ts';

const description = `Overlap's HTTP API. The **push API** (\`/api/v1/presence\`, \`/api/v1/events\`,
\`/api/v1/activate\`) is the documented external API: authenticate with \`Authorization: Bearer <API key>\`
using the key shown on the integration's Setup tab. Every other call is used by the Overlap web app
with a session cookie. Push limits: 1,000 users or events and 1 MiB per request, 120 requests per
minute per key (429 with \`Retry-After\` beyond); curl examples are under each push call below.

Every error answers \`{ statusCode, code, error, message, details? }\`; \`details\` lists each bad field.

**Operators: OAuth apps.** Slack, Microsoft Teams and Discord connect with OAuth once their client
credentials are set (\`SLACK_CLIENT_ID\`/\`SLACK_CLIENT_SECRET\`; \`MICROSOFT_CLIENT_ID\`/\`MICROSOFT_CLIENT_SECRET\`/
\`MICROSOFT_TENANT\`; \`DISCORD_CLIENT_ID\`/\`DISCORD_CLIENT_SECRET\`/\`DISCORD_BOT_TOKEN\`). Register the
redirect URL \`{PUBLIC_URL}/api/v1/integrations/oauth/{provider}/callback\` with each. Slack: bot scopes
\`users:read\`, \`users:read.email\`, \`team:read\`. Microsoft: delegated Graph permissions \`User.Read.All\`,
\`Presence.Read.All\`, \`offline_access\` (administrator consent). Discord: scopes \`identify bot\`, and the bot's
**Presence** and **Server Members** privileged intents enabled. The README's "Connecting chat apps" says more.`;

/** OpenAPI document generated from the contract's zod schemas, and the API reference at /docs. */
export async function registerDocs(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Overlap API', version: deps.config.version, description },
      servers: [{ url: deps.config.publicUrl }],
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'Integration API key' },
          session: { type: 'apiKey', in: 'cookie', name: 'overlap_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  allowDocsStartScript(app);
  const { default: apiReference } = await import('@scalar/fastify-api-reference');
  await app.register(apiReference, {
    routePrefix: '/docs',
    // No fonts from Scalar's CDN: the CSP allows fonts from this site only.
    configuration: { url: '/openapi.json', title: 'Overlap API', withDefaultFonts: false },
  } as never);
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * The API reference page starts with one inline script; the site-wide CSP (`script-src 'self'`)
 * would block it. Its answer alone allows exactly that script by its SHA-256 hash.
 */
function allowDocsStartScript(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url !== '/docs/' || typeof payload !== 'string') return payload;
    const hashes = [...payload.matchAll(INLINE_SCRIPT)].map(
      (m) =>
        `'sha256-${createHash('sha256')
          .update(m[1] ?? '')
          .digest('base64')}'`,
    );
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string' && hashes.length > 0) {
      reply.header(
        'content-security-policy',
        csp.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`),
      );
    }
    return payload;
  });
}
