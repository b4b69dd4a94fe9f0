import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './error-handler.ts';

const API_PREFIXES = ['/api/', '/auth/', '/api', '/auth'];

/** Files the build writes brotli and gzip twins of (see web/vite.config.ts), named as served. */
const NEGOTIATED = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)(\.br|\.gz)?$/;

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
      // `<file>.br` or `<file>.gz` when Accept-Encoding allows it, the file itself otherwise.
      preCompressed: true,
      // Set below instead: the default (max-age=0) would replace it.
      cacheControl: false,
      setHeaders: (res, path) => {
        // Files under assets/ carry a content hash in their name: they never change. Others
        // (favicon.svg, robots.txt) keep their name across builds: revalidated on each use.
        const hashed = path.includes('/assets/');
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (NEGOTIATED.test(path)) res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || request.method !== 'GET') {
      return reply
        .status(404)
        .send(errorBody(404, 'NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`));
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
