import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a fake provider saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** Form fields or JSON object keys (as strings), whichever the body was. */
  form: URLSearchParams;
  json: unknown;
}

export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  text?: string;
  redirect?: string;
}

export type FakeHandler = (request: SeenRequest) => FakeReply | Promise<FakeReply>;

export interface FakeServer {
  server: Server;
  /** http://127.0.0.1:PORT (no trailing slash). */
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parse(req: IncomingMessage, raw: string): SeenRequest {
  const url = new URL(req.url ?? '/', 'http://fake.local');
  const type = req.headers['content-type'] ?? '';
  let json: unknown = null;
  let form = new URLSearchParams();
  if (type.includes('application/json') && raw) {
    json = JSON.parse(raw);
    if (json && typeof json === 'object' && !Array.isArray(json)) {
      for (const [k, v] of Object.entries(json)) form.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    }
  } else if (raw) {
    form = new URLSearchParams(raw);
  }
  return { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, form, json };
}

function send(res: ServerResponse, reply: FakeReply): void {
  if (reply.redirect) {
    res.writeHead(reply.status ?? 302, { location: reply.redirect, ...reply.headers });
    res.end();
    return;
  }
  const body = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
  const contentType = reply.json !== undefined ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8';
  res.writeHead(reply.status ?? 200, { 'content-type': contentType, ...reply.headers });
  res.end(body);
}

/** An HTTP server on loopback that answers like a provider; every request is kept for assertions. */
export async function startFakeServer(handler: FakeHandler): Promise<FakeServer> {
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    readBody(req)
      .then(async (raw) => {
        const seen = parse(req, raw);
        requests.push(seen);
        send(res, await handler(seen));
      })
      .catch((err: unknown) => send(res, { status: 500, json: { error: String(err) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The user name and password of an HTTP Basic header. */
export function basicCredentials(headers: IncomingMessage['headers']): { user: string; password: string } | null {
  const value = headers.authorization;
  if (!value?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(value.slice(6), 'base64').toString('utf8');
  const at = decoded.indexOf(':');
  return at < 0 ? null : { user: decoded.slice(0, at), password: decoded.slice(at + 1) };
}

export function bearerOf(headers: IncomingMessage['headers']): string | null {
  const value = headers.authorization;
  return value?.startsWith('Bearer ') ? value.slice(7) : null;
}

/** A redirect back to an OAuth client with `params` added to its redirect URI. */
export function redirectWith(redirectUri: string, params: Record<string, string>): FakeReply {
  const target = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  return { redirect: target.toString() };
}
