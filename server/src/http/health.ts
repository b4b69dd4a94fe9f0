import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import type { AppDeps } from '../core/context.ts';
import type { Db } from '../db/client.ts';
import { httpDuration, metrics } from '../lib/metrics.ts';
import { inboxSize } from '../pipeline/presence-inbox.ts';

/** The databases of the open apps (one in production; tests build several): the newest answers. */
const inboxDatabases: Db[] = [];
new Gauge({
  name: 'overlap_presence_inbox_rows',
  help: 'Pushed presence waiting to be applied (all processes); it should stay near zero',
  registers: [metrics],
  async collect() {
    const db = inboxDatabases.at(-1);
    if (db) this.set(await inboxSize(db).catch(() => -1));
  },
});

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
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', metrics.contentType);
    return metrics.metrics();
  });
}
