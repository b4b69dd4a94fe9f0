import type { FastifyInstance } from 'fastify';

const API = /^\/(api|auth)(\/|$|\?)/;

/**
 * API answers carry personal data and keys: no browser or proxy may keep them. Every /api and /auth
 * answer says `Cache-Control: no-store` unless its route set its own.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (API.test(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
