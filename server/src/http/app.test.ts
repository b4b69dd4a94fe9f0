import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../test/app.ts';
import { createAccount, createUser, sessionCookie } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('http foundation', () => {
  it('answers system info with environment, server time and build to a signed-in user only', async () => {
    const anonymous = await client(t.app)({ method: 'GET', url: '/api/v1/profile/system-info' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
    expect(anonymous.body).not.toContain('buildInfo');
    const account = await createAccount(t.db);
    const user = await createUser(t.db, account.id, { role: 'user' });
    const res = await client(
      t.app,
      await sessionCookie(t.db, user.id),
    )({ method: 'GET', url: '/api/v1/profile/system-info' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.environment).toBe('test');
    expect(Math.abs(Date.parse(body.serverTime) - Date.now())).toBeLessThan(5000);
    expect(body.buildInfo.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(Date.parse(body.buildInfo.deploymentTime)).not.toBeNaN();
  });

  it('answers unknown /api and /auth paths with the JSON error shape', async () => {
    for (const url of ['/api/v1/nothing-here', '/auth/nothing', '/api']) {
      const res = await client(t.app)({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('sends security headers with a CSP', async () => {
    const res = await client(t.app)({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('reports readiness from the database and exposes metrics on loopback only', async () => {
    const ready = await client(t.app)({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
    const metrics = await client(t.app)({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('http_request_duration_seconds');
    for (const request of [
      { remoteAddress: '203.0.113.7' },
      { remoteAddress: '10.1.2.3' },
      { headers: { 'x-forwarded-for': '203.0.113.7' } },
      { headers: { forwarded: 'for=203.0.113.7' } },
    ]) {
      const refused = await client(t.app)({ method: 'GET', url: '/metrics', ...request });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
      expect(refused.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('with METRICS_TOKEN, /metrics answers only to that Bearer token, from anywhere', async () => {
    const withToken = await createTestApp({ METRICS_TOKEN: 'metrics-token-0123456789' });
    try {
      const call = client(withToken.app);
      const none = await call({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.body).not.toContain('http_request_duration_seconds');
      const wrong = await call({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
      expect(wrong.statusCode).toBe(401);
      const good = await call({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.7',
        headers: { authorization: 'Bearer metrics-token-0123456789' },
      });
      expect(good.statusCode).toBe(200);
      expect(good.body).toContain('http_request_duration_seconds');
    } finally {
      await withToken.close();
    }
  });

  it('publishes an OpenAPI document and an API reference page', async () => {
    const doc = await client(t.app)({ method: 'GET', url: '/openapi.json' });
    expect(doc.json().openapi).toBe('3.0.3');
    expect(Object.keys(doc.json().paths)).toContain('/api/v1/profile/system-info');
    const page = await client(t.app)({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('refuses cookie-authenticated writes from another origin', async () => {
    const account = await createAccount(t.db);
    const user = await createUser(t.db, account.id);
    const cookie = await sessionCookie(t.db, user.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/anything',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF');
  });
});
