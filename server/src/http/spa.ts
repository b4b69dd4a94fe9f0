import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_TRACKING_META, type ErrorTrackingSettings } from '@overlap/contract/system';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './error-handler.ts';

const API_PREFIXES = ['/api/', '/auth/', '/api', '/auth'];

/** Files the build writes brotli and gzip twins of (see web/vite.config.ts), named as served. */
const NEGOTIATED = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)(\.br|\.gz)?$/;

function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`));
}

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** index.html with the error-tracking settings in a `<meta>`, read by the web app before any sign-in. */
export function withErrorTracking(html: string, settings: ErrorTrackingSettings | null): string {
  if (!settings) return html;
  const meta = `<meta name="${ERROR_TRACKING_META}" content="${escapeAttribute(JSON.stringify(settings))}">`;
  return html.replace('</head>', `${meta}</head>`);
}

/** Serves the built web app; unknown /api and /auth paths answer JSON 404, everything else the SPA. */
export function registerSpa(
  app: FastifyInstance,
  webDist: string,
  errorTracking: ErrorTrackingSettings | null = null,
): void {
  const indexFile = resolve(webDist, 'index.html');
  const hasBuild = existsSync(indexFile);
  // Built once: the page only changes with a new build, and a new build means a restart.
  const indexPage = hasBuild ? withErrorTracking(readFileSync(indexFile, 'utf8'), errorTracking) : '';
  if (hasBuild) {
    app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The page itself goes through the handler below, with its error-tracking settings.
      allowedPath: (path) => path !== '/index.html',
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
      return reply.status(404).send(errorBody(404, 'NOT_FOUND', 'No such API route. The API reference is at /docs.'));
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built yet. Run `npm run build` (npm start does this for you).');
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').send(indexPage);
  });
}
