import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../core/context.ts';
import { insertAudit } from '../modules/audit/queries.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route writes its own audit entry for impersonated calls (stop-impersonation). */
    skipImpersonationAudit?: boolean;
  }
}

/**
 * Every write an operator makes while impersonating is recorded in the account's audit log: the
 * route, the status it answered, the impersonated user and the operator, the time and the address.
 * Refused writes are recorded too, so attempts can be traced as well as changes.
 */
export const impersonationAuditPlugin = fp(async (app: FastifyInstance, opts: { deps: AppDeps }) => {
  // onSend, not onResponse: the entry is written before the client has the answer.
  app.addHook('onSend', async (request, reply, payload) => {
    const actor = request.actor;
    if (!actor?.impersonatorId || !WRITES.has(request.method)) return payload;
    if (request.routeOptions.config.skipImpersonationAudit) return payload;
    const route = request.routeOptions.url ?? request.url.split('?')[0];
    try {
      await insertAudit(opts.deps.database.db, {
        accountId: actor.accountId,
        actorUserId: actor.userId,
        impersonatorUserId: actor.impersonatorId,
        action: `${request.method} ${route}`,
        targetType: 'request',
        targetId: request.url.split('?')[0]?.slice(0, 500),
        details: { statusCode: reply.statusCode },
        ip: request.ip,
      });
    } catch (err) {
      request.log.error({ err }, 'could not record an impersonated write in the audit log');
    }
    return payload;
  });
});
