import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../core/context.ts';
import { AppError, accountBlocked } from '../core/errors.ts';
import { ActorCache, sessionToken } from '../modules/auth/session.ts';
import { identityWriteStarted } from '../modules/ingest/identity-writes.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
  // Sessions looked up by this app, kept briefly for reads (session.ts says what keeps it exact).
  const actors = new ActorCache();
  app.addHook('onRequest', async (request, reply) => {
    const write = MUTATING.has(request.method);
    // Any write, signed in or not (a webhook may suspend an account), empties the cache as it ends:
    // the response's 'close' comes once it is sent, or when its connection is gone.
    if (write) reply.raw.once('close', actors.writeStarted());
    // The same for the known identities that presence pushes reuse, but pushes leave those alone.
    if (write && !request.routeOptions.config.pushApi) reply.raw.once('close', identityWriteStarted(deps));
    const token = sessionToken(request);
    if (!token) return;
    if (write && !sameOrigin(deps, request)) {
      throw new AppError(403, 'CSRF', 'This request did not come from the Overlap app. Reload the page and try again.');
    }
    request.actor = await actors.find(deps.database.db, token, write);
    const actor = request.actor;
    if (!actor || actor.role === 'superadmin' || actor.impersonatorId) return;
    const routeConfig = request.routeOptions.config;
    if (actor.accountStatus === 'terminated' && !routeConfig.allowTerminated) throw accountBlocked();
    if (actor.accountStatus === 'suspended' && MUTATING.has(request.method) && !routeConfig.allowSuspendedWrite) {
      throw accountBlocked();
    }
  });
});
