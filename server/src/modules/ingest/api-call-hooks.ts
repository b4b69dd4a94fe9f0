import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../core/context.ts';
import { type ApiCallContext, insertApiCall, noteLoggedCall } from '../../pipeline/api-call-log.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the call's log row was written with the data (in the same transaction). */
    apiCallLogged: boolean;
    /** The JSON body as the client sent it, for the API call log. */
    jsonText: string | null;
  }
}

/**
 * JSON bodies of the push API are parsed as everywhere (Fastify's parser, prototype poisoning
 * refused), and their text is kept: the API call log stores what the client sent, without
 * serialising the parsed body again.
 */
export function keepJsonText(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.decorateRequest('jsonText', null);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.jsonText = body as string;
    parse(request, body as string, done);
  });
}

const payloadOf = (request: FastifyRequest) => request.jsonText || request.body;

export function apiCallContextOf(request: FastifyRequest, reply: FastifyReply): ApiCallContext | undefined {
  const integration = request.pushIntegration;
  if (!integration) return undefined;
  return {
    integration,
    method: request.method,
    endpoint: request.routeOptions.url ?? request.url,
    payload: payloadOf(request),
    elapsedMs: () => reply.elapsedTime,
    markLogged: () => {
      request.apiCallLogged = true;
    },
  };
}

/**
 * onSend hook of the push API: every call with a known key lands in the integration's API call log.
 * Successful pushes already wrote their row in their own transaction; this covers the rest. Every
 * logged call is counted toward the next trim of the integration's log, which runs behind the answer.
 */
export function logApiCall(deps: AppDeps) {
  const { db } = deps.database;
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const integration = request.pushIntegration;
    if (!integration) return payload;
    if (!request.apiCallLogged) {
      try {
        await insertApiCall(db, {
          integration,
          method: request.method,
          endpoint: request.routeOptions.url ?? request.url,
          statusCode: reply.statusCode,
          durationMs: reply.elapsedTime,
          payload: payloadOf(request),
          response: payload,
        });
      } catch (err) {
        request.log.error({ err }, 'could not write the API call log');
        return payload;
      }
    }
    noteLoggedCall(db, integration.id, (err) => request.log.error({ err }, 'could not trim the API call log'));
    return payload;
  };
}
