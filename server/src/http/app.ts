import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  type FastifyPluginAsyncZod,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { rootDir } from '../config.ts';
import { contextPlugin } from './context.ts';
import type { AppDeps } from './deps.ts';
import { registerDocs } from './docs.ts';
import { registerErrorHandler } from './errors.ts';
import { registerHealth } from './health.ts';
import { impersonationAuditPlugin } from './impersonation-audit.ts';
import { registerSpa } from './spa.ts';

export type App = FastifyInstance;
export type AreaPlugin = FastifyPluginAsyncZod<{ deps: AppDeps }>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

const modulesDir = fileURLToPath(new URL('../modules', import.meta.url));

/** Every `modules/<area>/routes.ts` registers itself; nothing here lists areas by hand. */
async function loadAreaPlugins(): Promise<{ area: string; plugin: AreaPlugin }[]> {
  const areas = readdirSync(modulesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(resolve(modulesDir, d.name, 'routes.ts')))
    .map((d) => d.name)
    .sort();
  const plugins: { area: string; plugin: AreaPlugin }[] = [];
  for (const area of areas) {
    const mod = (await import(pathToFileURL(resolve(modulesDir, area, 'routes.ts')).href)) as { default: AreaPlugin };
    plugins.push({ area, plugin: mod.default });
  }
  return plugins;
}

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
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  registerErrorHandler(app);

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
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(contextPlugin, { deps });
  await app.register(impersonationAuditPlugin, { deps });
  await registerDocs(app, deps);
  registerHealth(app, deps);

  for (const { plugin } of await loadAreaPlugins()) {
    await app.register(plugin, { deps });
  }

  registerSpa(app, options.webDist ?? resolve(rootDir, 'web/dist'));
  await app.ready();
  return app;
}
