import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedRequest[];
  /** Status codes to answer, in order; the last one repeats. */
  answer(...statuses: number[]): void;
  close(): Promise<void>;
}

/** A webhook receiver on the loopback interface that records every request. */
export async function startReceiver(path = '/hooks/overlap'): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  let statuses = [200];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = statuses.length > 1 ? (statuses.shift() as number) : (statuses[0] ?? 200);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    answer(...next) {
      statuses = next.length > 0 ? next : [200];
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
