import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../core/context.ts';
import { type ApiCallContext, insertApiCall } from '../../pipeline/api-call-log.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the call's log row was written with the data (in the same transaction). */
    apiCallLogged: boolean;
  }
}

export function apiCallContextOf(request: FastifyRequest, reply: FastifyReply): ApiCallContext | undefined {
  const integration = request.pushIntegration;
  if (!integration) return undefined;
  return {
    integration,
    method: request.method,
    endpoint: request.routeOptions.url ?? request.url,
    payload: request.body,
    elapsedMs: () => reply.elapsedTime,
    markLogged: () => {
      request.apiCallLogged = true;
    },
  };
}

/**
 * onSend hook of the push API: every call with a known key lands in the integration's API call log.
 * Successful pushes already wrote their row in their own transaction; this covers the rest.
 */
export function logApiCall(deps: AppDeps) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const integration = request.pushIntegration;
    if (!integration || request.apiCallLogged) return payload;
    try {
      await insertApiCall(deps.database.db, {
        integration,
        method: request.method,
        endpoint: request.routeOptions.url ?? request.url,
        statusCode: reply.statusCode,
        durationMs: reply.elapsedTime,
        payload: request.body,
        response: payload,
      });
    } catch (err) {
      request.log.error({ err }, 'could not write the API call log');
    }
    return payload;
  };
}
