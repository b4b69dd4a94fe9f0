import {
  type DeliveriesResponse,
  type Webhook,
  type WebhookDelivery,
  type WebhooksResponse,
  type WebhookWithSecret,
  webhookPayload,
} from '@overlap/contract/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp, useTestApp } from '../../../test/app.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import { startReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { verifySignature } from '../../pipeline/outgoing-webhooks/signature.ts';

const t = useTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function create(cookie: string, body: object) {
  const res = await client(t.app, cookie)({ method: 'POST', url: '/api/v1/webhooks', body });
  return { status: res.statusCode, body: res.json() as WebhookWithSecret & { message: string; code: string } };
}

describe('webhooks API', () => {
  it('creates a webhook, shows its secret once, lists, changes and deletes it', async () => {
    const { cookie } = await signedInManager(t.db);
    const call = client(t.app, cookie);
    const created = await create(cookie, { url: receiver.url, events: ['person.online', 'day.summary'] });
    expect(created.status).toBe(201);
    const { webhook, secret } = created.body;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(webhook).toEqual({
      id: webhook.id,
      url: receiver.url,
      events: ['person.online', 'day.summary'],
      active: true,
      secretHint: `whsec_…${secret.slice(-4)}`,
      createdAt: webhook.createdAt,
      updatedAt: webhook.updatedAt,
      lastDelivery: null,
    });

    const list = await call({ method: 'GET', url: '/api/v1/webhooks' });
    expect(list.json<WebhooksResponse>()).toEqual({ webhooks: [webhook] });
    expect(list.body).not.toContain(secret);

    const patched = await call({
      method: 'PATCH',
      url: `/api/v1/webhooks/${webhook.id}`,
      body: { events: ['person.offline'], active: false },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<Webhook>()).toMatchObject({ events: ['person.offline'], active: false, url: receiver.url });

    const removed = await call({ method: 'DELETE', url: `/api/v1/webhooks/${webhook.id}` });
    expect(removed.json()).toEqual({ success: true, message: 'Webhook deleted' });
    expect((await call({ method: 'GET', url: `/api/v1/webhooks/${webhook.id}` })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: '/api/v1/webhooks' })).json<WebhooksResponse>()).toEqual({ webhooks: [] });
  });

  it('sends a signed test delivery to a local receiver and logs it; a rotated secret signs the next one', async () => {
    const { cookie } = await signedInManager(t.db);
    const call = client(t.app, cookie);
    const { webhook, secret } = (await create(cookie, { url: receiver.url, events: ['person.offline'] })).body;
    const before = receiver.received.length;

    const test = await call({ method: 'POST', url: `/api/v1/webhooks/${webhook.id}/test` });
    expect(test.statusCode).toBe(200);
    const delivery = test.json<WebhookDelivery>();
    expect(delivery).toMatchObject({
      eventType: 'webhook.test',
      status: 'succeeded',
      attempts: 1,
      responseStatus: 200,
      error: null,
      nextAttemptAt: null,
    });
    expect(receiver.received).toHaveLength(before + 1);
    const request = receiver.received.at(-1);
    if (!request) throw new Error('nothing received');
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/hooks/overlap');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['overlap-event']).toBe('webhook.test');
    expect(request.headers['overlap-delivery']).toBe(delivery.id);
    expect(verifySignature(String(request.headers['overlap-signature']), request.body, secret, nowSeconds())).toBe(
      true,
    );
    const payload = webhookPayload.parse(JSON.parse(request.body));
    expect(payload).toEqual({
      id: delivery.eventId,
      type: 'webhook.test',
      createdAt: delivery.createdAt,
      data: { message: 'This is a test delivery from Overlap.' },
    });

    const log = await call({ method: 'GET', url: `/api/v1/webhooks/${webhook.id}/deliveries` });
    expect(log.json<DeliveriesResponse>()).toEqual({ deliveries: [delivery], pagination: { total: 1, offset: 0 } });
    const listed = (await call({ method: 'GET', url: '/api/v1/webhooks' })).json<WebhooksResponse>().webhooks[0];
    expect(listed?.lastDelivery).toEqual({ status: 'succeeded', at: delivery.lastAttemptAt, responseStatus: 200 });

    const rotated = await call({ method: 'POST', url: `/api/v1/webhooks/${webhook.id}/rotate-secret` });
    const fresh = rotated.json<{ secret: string }>().secret;
    expect(fresh).not.toBe(secret);
    await call({ method: 'POST', url: `/api/v1/webhooks/${webhook.id}/test` });
    const next = receiver.received.at(-1);
    const header = String(next?.headers['overlap-signature']);
    expect(verifySignature(header, next?.body ?? '', fresh, nowSeconds())).toBe(true);
    expect(verifySignature(header, next?.body ?? '', secret, nowSeconds())).toBe(false);
    const hint = (await call({ method: 'GET', url: `/api/v1/webhooks/${webhook.id}` })).json<Webhook>().secretHint;
    expect(hint).toBe(`whsec_…${fresh.slice(-4)}`);
  });

  it('logs a failed test with the response code and does not retry it', async () => {
    const { cookie } = await signedInManager(t.db);
    const failing = await startReceiver();
    failing.answer(500);
    try {
      const { webhook } = (await create(cookie, { url: failing.url, events: ['person.online'] })).body;
      const res = await client(t.app, cookie)({ method: 'POST', url: `/api/v1/webhooks/${webhook.id}/test` });
      expect(res.json<WebhookDelivery>()).toMatchObject({
        status: 'failed',
        attempts: 1,
        responseStatus: 500,
        error: 'HTTP 500',
        nextAttemptAt: null,
      });
      expect(failing.received).toHaveLength(1);
    } finally {
      await failing.close();
    }
  });

  it('answers 400 naming the field for a bad URL or event list, and 409 past ten webhooks', async () => {
    const { cookie } = await signedInManager(t.db);
    for (const [body, field] of [
      [{ url: 'ftp://example.com/hook', events: ['person.online'] }, 'url'],
      [{ url: 'not a url', events: ['person.online'] }, 'url'],
      [{ events: ['person.online'] }, 'url'],
      [{ url: receiver.url, events: [] }, 'events'],
      [{ url: receiver.url, events: ['person.sneezed'] }, 'events'],
      [{ url: receiver.url, events: ['day.summary', 'day.summary'] }, 'events'],
      [{ url: receiver.url, events: ['day.summary'], active: 'yes' }, 'active'],
    ] as const) {
      const res = await create(cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toContain(field);
    }
    const { webhook } = (await create(cookie, { url: receiver.url, events: ['day.summary'] })).body;
    const empty = await client(t.app, cookie)({ method: 'PATCH', url: `/api/v1/webhooks/${webhook.id}`, body: {} });
    expect(empty.statusCode).toBe(400);
    for (let i = 1; i < 10; i++)
      expect((await create(cookie, { url: receiver.url, events: ['day.summary'] })).status).toBe(201);
    const eleventh = await create(cookie, { url: receiver.url, events: ['day.summary'] });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body).toMatchObject({ code: 'WEBHOOK_LIMIT', message: 'An account can have at most 10 webhooks.' });
  });

  it("is for managers only, and another account's webhook is 404 everywhere", async () => {
    const mine = await signedInManager(t.db);
    const other = await signedInManager(t.db);
    const { webhook } = (await create(other.cookie, { url: receiver.url, events: ['person.online'] })).body;
    const user = await createUser(t.db, mine.account.id, { role: 'user' });
    const asUser = client(t.app, await sessionCookie(t.db, user.id));
    expect((await asUser({ method: 'GET', url: '/api/v1/webhooks' })).statusCode).toBe(403);
    const refused = await asUser({
      method: 'POST',
      url: '/api/v1/webhooks',
      body: { url: receiver.url, events: ['person.online'] },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'Only managers can do this.' });

    const call = client(t.app, mine.cookie);
    const before = receiver.received.length;
    for (const [method, url, body] of [
      ['GET', `/api/v1/webhooks/${webhook.id}`, undefined],
      ['PATCH', `/api/v1/webhooks/${webhook.id}`, { active: false }],
      ['DELETE', `/api/v1/webhooks/${webhook.id}`, undefined],
      ['GET', `/api/v1/webhooks/${webhook.id}/deliveries`, undefined],
      ['POST', `/api/v1/webhooks/${webhook.id}/test`, undefined],
      ['POST', `/api/v1/webhooks/${webhook.id}/rotate-secret`, undefined],
    ] as const) {
      const res = await call({ method, url, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(receiver.received).toHaveLength(before);
    const still = await client(t.app, other.cookie)({ method: 'GET', url: `/api/v1/webhooks/${webhook.id}` });
    expect(still.json<Webhook>()).toMatchObject({ active: true, secretHint: webhook.secretHint });
    expect((await client(t.app)({ method: 'GET', url: '/api/v1/webhooks' })).statusCode).toBe(401);
  });
});

describe('webhook addresses without WEBHOOKS_ALLOW_PRIVATE', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp();
  });
  afterAll(async () => {
    await strict.close();
  });

  it('refuses loopback, private and link-local URLs and changes nothing', async () => {
    const { cookie } = await signedInManager(strict.db);
    const call = client(strict.app, cookie);
    for (const url of [
      receiver.url,
      'http://localhost:8080/hook',
      'http://10.0.0.7/hook',
      'http://169.254.169.254/x',
    ]) {
      const res = await call({ method: 'POST', url: '/api/v1/webhooks', body: { url, events: ['person.online'] } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ message: string }>().message, url).toMatch(
        /^url: must not point to a private, loopback or link-local address \(/,
      );
    }
    expect((await call({ method: 'GET', url: '/api/v1/webhooks' })).json<WebhooksResponse>()).toEqual({ webhooks: [] });
    expect(receiver.received.filter((r) => r.headers['overlap-event'] === undefined)).toEqual([]);
  });
});
