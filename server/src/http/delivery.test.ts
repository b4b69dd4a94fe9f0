import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sign } from '@octokit/webhooks-methods';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../test/app.ts';
import { createPerson } from '../../test/factories/activity.ts';
import { serviceByProvider } from '../../test/factories/integrations.ts';
import { signedInManager } from '../../test/factories.ts';

const WEBHOOK_SECRET = 'whsec_delivery_test';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const ROBOTS = 'User-agent: *\nDisallow: /api/\n';
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/main-Ab12Cd34.js"></script></head></html>';

/** A built web app as the build leaves it: a hashed script with its brotli and gzip twins. */
function fakeWebDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'overlap-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'robots.txt'), ROBOTS);
  writeFileSync(join(dist, 'assets/main-Ab12Cd34.js'), SCRIPT);
  writeFileSync(join(dist, 'assets/main-Ab12Cd34.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets/main-Ab12Cd34.js.gz'), gzipSync(SCRIPT));
  return dist;
}

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp(
    { STRIPE_SECRET_KEY: 'sk_test_delivery', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    { webDist: fakeWebDist() },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const getAsset = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/assets/main-Ab12Cd34.js',
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('hashed web assets', () => {
  it('sends the brotli twin to a browser that accepts br, cached for a year as immutable', async () => {
    const res = await getAsset('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip twin to a browser that accepts only gzip', async () => {
    const res = await getAsset('gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is without Accept-Encoding or with identity', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await getAsset(acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('serves the app page to any other path, revalidated on every visit', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/people/123', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toBe('text/html');
    expect(res.body).toBe(INDEX);
  });
});

describe('files kept under their name', () => {
  it('are revalidated on each use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(ROBOTS);
  });
});

describe('API answers', () => {
  it('compresses an answer above 1 KB as the client accepts it, with Vary', async () => {
    const manager = await signedInManager(t.db);
    for (let i = 0; i < 20; i++) await createPerson(t.db, manager.account.id, { name: `Teammate ${i}` });
    const call = client(t.app, manager.cookie);
    const plain = await call({ method: 'GET', url: '/api/v1/people' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await call({ method: 'GET', url: '/api/v1/people', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await call({ method: 'GET', url: '/api/v1/people', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('compresses a large answer in one go and sends its length (the day of 500 people is 1.6 MB)', async () => {
    const manager = await signedInManager(t.db);
    await t.db.execute(sql`insert into people (account_id, name, status, person_identifier)
      select ${manager.account.id}, 'Teammate ' || g, 'active', 'large-' || g from generate_series(1, 600) g`);
    const call = client(t.app, manager.cookie);
    const url = '/api/v1/activities?date=2026-01-15';
    const plain = await call({ method: 'GET', url });
    expect(plain.body.length).toBeGreaterThan(100_000);
    const br = await call({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['transfer-encoding']).toBeUndefined();
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves an answer under 1 KB as it is', async () => {
    const { cookie } = await signedInManager(t.db);
    const res = await client(
      t.app,
      cookie,
    )({
      method: 'GET',
      url: '/api/v1/profile/system-info',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().environment).toBe('test');
  });
});

/** Opens the event stream with a browser's Accept-Encoding and resolves with the head and first bytes. */
function openStream(cookie: string): Promise<{ res: IncomingMessage; first: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}/api/v1/stream`, {
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('event: ready\n')) {
          resolve({ res, first: text });
          req.destroy();
        }
      });
      res.on('error', () => {});
    });
    req.on('error', (err) => {
      if (!req.destroyed) reject(err);
    });
    req.end();
  });
}

describe('the event stream', () => {
  it('still streams uncompressed events to a browser that accepts compression', async () => {
    const manager = await signedInManager(t.db);
    const { res, first } = await openStream(manager.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(first).toMatch(/^retry: 5000\n\nevent: ready\ndata: \{"topic":"ready","at":"[^"]+"\}\n/);
  });
});

describe('signed webhooks', () => {
  it('verifies a Stripe signature on the exact bytes and refuses a forged one', async () => {
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'customer.created',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'cus_delivery', object: 'customer' } },
    });
    const deliver = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/billing/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature, 'accept-encoding': 'br' },
        payload,
      });
    const good = await deliver(Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ received: true, duplicate: false });
    const forged = await deliver(Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('INVALID_SIGNATURE');
  });

  it('verifies GitHub signatures and GitLab tokens and refuses wrong ones', async () => {
    const manager = await signedInManager(t.db, { plan: 'business' });
    const call = client(t.app, manager.cookie);
    const created = async (provider: string) => {
      const service = await serviceByProvider(t.db, provider);
      const res = await call({ method: 'POST', url: '/api/v1/integrations', body: { serviceId: service.id } });
      expect(res.statusCode).toBe(201);
      return res.json() as { id: string; webhook: { url: string; secret: string } };
    };
    const github = await created('github');
    const ping = JSON.stringify({ zen: 'Keep it logically awesome.', hook_id: 1 });
    const deliverGithub = async (secret: string) =>
      t.app.inject({
        method: 'POST',
        url: new URL(github.webhook.url).pathname,
        headers: {
          'content-type': 'application/json',
          'accept-encoding': 'gzip, br',
          'x-github-event': 'ping',
          'x-github-delivery': randomUUID(),
          'x-hub-signature-256': await sign(secret, ping),
        },
        payload: ping,
      });
    const good = await deliverGithub(github.webhook.secret);
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ received: 0, created: 0, duplicates: 0, ignored: 'ping' });
    expect((await deliverGithub('whsec_wrong')).statusCode).toBe(401);

    const gitlab = await created('gitlab');
    const deliverGitlab = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: new URL(gitlab.webhook.url).pathname,
        headers: {
          'content-type': 'application/json',
          'accept-encoding': 'gzip, br',
          'x-gitlab-event': 'Push Hook',
          'x-gitlab-token': token,
        },
        payload: JSON.stringify({
          object_kind: 'push',
          event_name: 'push',
          ref: 'refs/heads/main',
          user_username: 'jsmith',
          total_commits_count: 0,
          project: { path_with_namespace: 'acme/api', web_url: 'https://gitlab.example.com/acme/api' },
          commits: [],
        }),
      });
    const gl = await deliverGitlab(gitlab.webhook.secret);
    expect(gl.statusCode).toBe(200);
    expect(gl.json()).toEqual({ received: 0, created: 0, duplicates: 0, ignored: null });
    expect((await deliverGitlab('wrong')).statusCode).toBe(401);
  });
});
