import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor, AppDeps, Ctx } from '../core/context.ts';
import { unauthorized } from '../core/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie by the request context hook. */
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Routes a terminated account may still call (session, profile, account, billing). */
    allowTerminated?: boolean;
    /** Writes a suspended account may still make (sign out, billing). */
    allowSuspendedWrite?: boolean;
    /** The push API (API key): its writes leave the identity cache of presence pushes as it is. */
    pushApi?: boolean;
  }
}

/** An area's `routes.ts` default export; `http/app.ts` registers each one by name. */
export type AreaPlugin = FastifyPluginAsyncZod<{ deps: AppDeps }>;

/** The service context of a signed-in request; 401 without a session. */
export function ctxOf(deps: AppDeps, request: FastifyRequest): Ctx {
  const actor = request.actor;
  if (!actor) throw unauthorized();
  return { ...actor, deps, db: deps.database.db, ip: request.ip };
}
