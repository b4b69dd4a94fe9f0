import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../core/context.ts';
import accountRoutes from '../modules/account/routes.ts';
import activitiesRoutes from '../modules/activities/routes.ts';
import activityBlocksRoutes from '../modules/activity-blocks/routes.ts';
import type { AreaPlugin } from '../modules/area.ts';
import auditRoutes from '../modules/audit/routes.ts';
import authRoutes from '../modules/auth/routes.ts';
import billingRoutes from '../modules/billing/routes.ts';
import calendarsRoutes from '../modules/calendars/routes.ts';
import exportRoutes from '../modules/export/routes.ts';
import inboundRoutes from '../modules/inbound/routes.ts';
import ingestRoutes from '../modules/ingest/routes.ts';
import integrationsRoutes from '../modules/integrations/routes.ts';
import invitationsRoutes from '../modules/invitations/routes.ts';
import maintenanceRoutes from '../modules/maintenance/routes.ts';
import oauthRoutes from '../modules/oauth/routes.ts';
import onboardingRoutes from '../modules/onboarding/routes.ts';
import overlapRoutes from '../modules/overlap/routes.ts';
import peopleRoutes from '../modules/people/routes.ts';
import peopleIntegrationsRoutes from '../modules/people-integrations/routes.ts';
import profileRoutes from '../modules/profile/routes.ts';
import streamRoutes from '../modules/stream/routes.ts';
import superadminRoutes from '../modules/superadmin/routes.ts';
import systemRoutes from '../modules/system/routes.ts';
import { errorTrackingOf } from '../modules/system/service.ts';
import usersRoutes from '../modules/users/routes.ts';
import webhooksRoutes from '../modules/webhooks/routes.ts';
import { contextPlugin } from './context.ts';
import { registerDocs } from './docs.ts';
import { frameworkErrors, registerErrorHandler } from './error-handler.ts';
import { registerHealth } from './health.ts';
import { impersonationAuditPlugin } from './impersonation-audit.ts';
import { registerInputRule } from './input-rule.ts';
import { registerNoStore } from './no-store.ts';
import { registerSpa } from './spa.ts';

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route registered, as `METHOD /url` (the authorization matrix test reads it). */
    routeTable: string[];
    /** The schema of every route, by `METHOD /url` (the fuzz test builds bodies from them). */
    routeSchemas: Map<string, FastifySchema | undefined>;
  }
}

/** Every area, in registration order: an area without a `routes.ts` does not compile. */
const AREAS: AreaPlugin[] = [
  accountRoutes,
  activitiesRoutes,
  activityBlocksRoutes,
  auditRoutes,
  authRoutes,
  billingRoutes,
  calendarsRoutes,
  exportRoutes,
  inboundRoutes,
  ingestRoutes,
  integrationsRoutes,
  invitationsRoutes,
  maintenanceRoutes,
  oauthRoutes,
  onboardingRoutes,
  overlapRoutes,
  peopleRoutes,
  peopleIntegrationsRoutes,
  profileRoutes,
  streamRoutes,
  superadminRoutes,
  systemRoutes,
  usersRoutes,
  webhooksRoutes,
];

/** The built web app, served by the SPA fallback (server/src/http -> web/dist). */
const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export interface BuildAppOptions {
  logger?: boolean | object;
  webDist?: string;
}

export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Only behind a proxy may X-Forwarded-For decide the client IP (rate limits are keyed by it).
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    // A stop closes keep-alive and streaming connections too, so it never waits on an idle client.
    forceCloseConnections: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  const routeTable: string[] = [];
  const routeSchemas = new Map<string, FastifySchema | undefined>();
  app.decorate('routeTable', routeTable);
  app.decorate('routeSchemas', routeSchemas);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routeTable.push(`${method} ${route.url}`);
      routeSchemas.set(`${method} ${route.url}`, route.schema);
    }
  });
  registerErrorHandler(app);
  registerInputRule(app);
  registerNoStore(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        // The browser reports its errors straight to the Sentry ingest of SENTRY_DSN.
        connectSrc: ["'self'", ...(deps.config.SENTRY_DSN ? [new URL(deps.config.SENTRY_DSN).origin] : [])],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: deps.config.publicUrl.startsWith('https://'),
  });
  // Answers above 1 KB go out brotli or gzip as Accept-Encoding allows (hijacked streams are untouched).
  // Dynamic answers are compressed on every request, so at the fastest levels: brotli quality 1
  // compresses the 1.3 MB day of 500 people in a third of quality 4's time, 6% larger. Answers up
  // to 2 MB (the day of 500 people, not the planner's) are compressed in one call, with a length:
  // through a stream (the plugin's default above 4-64 KB) the 300 KB day of 100 people reached a
  // client 4 ms later and the 1.6 MB day 10 ms later, for 0.6 and 2.5 ms of compression.
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 2 * 1024 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(contextPlugin, { deps });
  await app.register(impersonationAuditPlugin, { deps });
  await registerDocs(app, deps);
  registerHealth(app, deps);

  for (const area of AREAS) await app.register(area, { deps });

  registerSpa(app, options.webDist ?? defaultWebDist, errorTrackingOf(deps));
  await app.ready();
  return app;
}
