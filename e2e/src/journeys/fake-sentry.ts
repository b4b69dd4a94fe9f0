import { createServer } from 'node:http';

export interface SentryEvent {
  event_id?: string;
  exception?: { values?: { value?: string }[] };
  request?: { url?: string; headers?: Record<string, string> };
  user?: unknown;
  release?: string;
  environment?: string;
}

/**
 * A local Sentry ingest for the browser: takes envelopes at POST /api/{project}/envelope/ with the
 * CORS answer sentry.io gives, and keeps the events.
 */
export async function startFakeSentry() {
  const events: SentryEvent[] = [];
  const server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': req.headers.origin ?? '*' };
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, { ...cors, 'access-control-allow-headers': '*', 'access-control-allow-methods': 'POST' })
        .end();
      return;
    }
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const lines = body.split('\n').filter(Boolean);
      for (let i = 1; i + 1 < lines.length; i += 2) {
        const header = JSON.parse(lines[i] as string) as { type?: string };
        if (header.type === 'event') events.push(JSON.parse(lines[i + 1] as string) as SentryEvent);
      }
      res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/7`,
    events,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
