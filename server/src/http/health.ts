import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Gauge } from 'prom-client';
import type { AppDeps } from '../core/context.ts';
import { forbidden, unauthorized } from '../core/errors.ts';
import type { Db } from '../db/client.ts';
import { safeEqual } from '../lib/crypto.ts';
import { httpDuration, metrics } from '../lib/metrics.ts';
import { inboxSize } from '../pipeline/presence-inbox.ts';

/** The databases of the open apps (one in production; tests build several): the newest answers. */
const inboxDatabases: Db[] = [];
new Gauge({
  name: 'overlap_presence_inbox_rows',
  help: 'Pushed presence samples waiting to be applied (all processes); it should stay near zero',
  registers: [metrics],
  async collect() {
    const db = inboxDatabases.at(-1);
    if (db) this.set(await inboxSize(db).catch(() => -1));
  },
});

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read /metrics: with METRICS_TOKEN set, a request carrying it as a Bearer token (401
 * otherwise); without it, only a request made on this machine, straight to the server (a request
 * relayed by a proxy carries X-Forwarded-For or Forwarded and is refused with 403).
 */
function metricsAccess(deps: AppDeps, request: FastifyRequest): void {
  const token = deps.config.METRICS_TOKEN;
  if (token) {
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!safeEqual(given, token)) throw unauthorized('Metrics need the METRICS_TOKEN as a Bearer token.');
    return;
  }
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (relayed || !LOOPBACK.has(request.socket.remoteAddress ?? '')) {
    throw forbidden('Metrics answer on this machine only. Set METRICS_TOKEN to read them from elsewhere.');
  }
}

export function registerHealth(app: FastifyInstance, deps: AppDeps): void {
  inboxDatabases.push(deps.database.db);
  app.addHook('onClose', async () => {
    inboxDatabases.splice(inboxDatabases.indexOf(deps.database.db), 1);
  });
  app.addHook('onResponse', async (request, reply) => {
    httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unknown', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await deps.database.db.execute(sql`select 1`);
      return { status: 'ok', database: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    metricsAccess(deps, request);
    reply.header('content-type', metrics.contentType);
    reply.header('cache-control', 'no-store');
    return metrics.metrics();
  });
}
