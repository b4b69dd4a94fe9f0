import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface Envelope {
  header: Record<string, unknown>;
  items: { header: Record<string, unknown>; payload: Record<string, unknown> }[];
  path: string;
}

/**
 * A local Sentry ingest: answers POST /api/{project}/envelope/ like sentry.io (200 with the event
 * id), or with `status` when set, and keeps every envelope it received.
 */
export async function startFakeSentry(options: { status?: number } = {}) {
  const envelopes: Envelope[] = [];
  const waiters: { match: (e: Envelope) => boolean; resolve: (e: Envelope) => void }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      if (req.method !== 'POST' || !/^\/api\/\d+\/envelope\/?/.test(req.url ?? '')) {
        res.writeHead(404).end();
        return;
      }
      const lines = body.toString('utf8').split('\n').filter(Boolean);
      const header = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
      const items: Envelope['items'] = [];
      for (let i = 1; i + 1 < lines.length; i += 2) {
        items.push({ header: JSON.parse(lines[i] as string), payload: JSON.parse(lines[i + 1] as string) });
      }
      const envelope = { header, items, path: req.url ?? '' };
      envelopes.push(envelope);
      for (const w of [...waiters]) {
        if (w.match(envelope)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(envelope);
        }
      }
      const status = options.status ?? 200;
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: header.event_id ?? null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/42`,
    envelopes,
    /** The first envelope (already received or still to come) that `match` accepts. */
    next(match: (e: Envelope) => boolean): Promise<Envelope> {
      const found = envelopes.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const eventOf = (e: Envelope) => e.items.find((i) => i.header.type === 'event')?.payload;
export const exceptionValue = (e: Envelope) =>
  (eventOf(e)?.exception as { values?: { value?: string }[] } | undefined)?.values?.[0]?.value;
