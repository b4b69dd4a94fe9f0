import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor, AppDeps, Ctx } from './deps.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';
import { findActor, sessionToken } from './session.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Routes a terminated account may still call (session, profile, account, billing). */
    allowTerminated?: boolean;
    /** Writes a suspended account may still make (sign out, billing). */
    allowSuspendedWrite?: boolean;
  }
}

export const SUSPENDED_MESSAGE =
  'Your account has been suspended. Please visit your account settings to resolve this issue.';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function accountBlocked(message = SUSPENDED_MESSAGE): AppError {
  return new AppError(403, 'ACCOUNT_SUSPENDED', message);
}

function sameOrigin(deps: AppDeps, request: FastifyRequest): boolean {
  const source = request.headers.origin ?? request.headers.referer;
  if (!source) return false;
  let origin: string;
  try {
    origin = new URL(source).origin;
  } catch {
    return false;
  }
  const allowed = new Set([new URL(deps.config.publicUrl).origin]);
  const host = request.headers.host;
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  return allowed.has(origin);
}

/**
 * Resolves the session cookie into `request.actor`, refuses cross-origin writes made with a
 * cookie (CSRF), and applies the account-status rules for terminated and suspended accounts.
 */
export const contextPlugin = fp(async (app: FastifyInstance, opts: { deps: AppDeps }) => {
  const { deps } = opts;
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const token = sessionToken(request);
    if (!token) return;
    if (MUTATING.has(request.method) && !sameOrigin(deps, request)) {
      throw new AppError(403, 'CSRF', 'This request did not come from the Overlap app. Reload the page and try again.');
    }
    request.actor = await findActor(deps.database.db, token);
    const actor = request.actor;
    if (!actor || actor.role === 'superadmin' || actor.impersonatorId) return;
    const routeConfig = request.routeOptions.config;
    if (actor.accountStatus === 'terminated' && !routeConfig.allowTerminated) throw accountBlocked();
    if (actor.accountStatus === 'suspended' && MUTATING.has(request.method) && !routeConfig.allowSuspendedWrite) {
      throw accountBlocked();
    }
  });
});

/** The service context of a signed-in request; 401 without a session. */
export function ctxOf(deps: AppDeps, request: FastifyRequest): Ctx {
  const actor = request.actor;
  if (!actor) throw unauthorized();
  return { ...actor, deps, db: deps.database.db, ip: request.ip };
}

export { forbidden };
