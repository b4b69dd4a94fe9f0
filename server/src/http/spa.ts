import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './error-handler.ts';

const API_PREFIXES = ['/api/', '/auth/', '/api', '/auth'];

function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`));
}

/** Serves the built web app; unknown /api and /auth paths answer JSON 404, everything else the SPA. */
export function registerSpa(app: FastifyInstance, webDist: string): void {
  const indexFile = resolve(webDist, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        if (path.includes('/assets/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || request.method !== 'GET') {
      return reply.status(404).send(errorBody(404, 'NOT_FOUND', 'No such API route. The API reference is at /docs.'));
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built yet. Run `npm run build` (npm start does this for you).');
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').send(readFileSync(indexFile, 'utf8'));
  });
}
