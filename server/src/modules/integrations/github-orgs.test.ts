import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../../test/app.ts';
import { serviceByProvider } from '../../../test/factories/integrations.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import { type FakeGithub, startFakeGithub } from '../../../test/fakes/github.ts';
import { integrations } from '../../db/schema/integrations.ts';

let t: TestApp;
let gh: FakeGithub;

beforeAll(async () => {
  gh = await startFakeGithub('gho_orgs_token');
  gh.orgs = [
    { login: 'acme-labs', description: 'Experiments' },
    { login: 'Acme', description: 'The company' },
    { login: 'open-tools', description: '' },
  ];
  t = await createTestApp({ GITHUB_API_URL: gh.url });
});
afterAll(async () => {
  await t?.close();
  await gh?.close();
});

async function githubIntegration(secrets: Record<string, string> | null) {
  const m = await signedInManager(t.db, { plan: 'business' });
  const call = client(t.app, m.cookie);
  const service = await serviceByProvider(t.db, 'github');
  const id = (await call({ method: 'POST', url: '/api/v1/integrations', body: { serviceId: service.id } })).json()
    .id as string;
  if (secrets) {
    await t.db
      .update(integrations)
      .set({ secretsEncrypted: t.deps.secrets.encryptJson(secrets) })
      .where(eq(integrations.id, id));
  }
  return { ...m, call, id, url: `/api/v1/integrations/${id}/github/orgs` };
}

describe('GET /api/v1/integrations/{id}/github/orgs', () => {
  it("lists the organisations the OAuth token can see, by name, read page by page from GitHub's /user/orgs", async () => {
    const { call, url } = await githubIntegration({ access_token: 'gho_orgs_token' });
    const seen = gh.requests.length;
    const res = await call({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      organizations: [
        { login: 'Acme', description: 'The company' },
        { login: 'acme-labs', description: 'Experiments' },
        { login: 'open-tools', description: null },
      ],
    });
    const calls = gh.requests.slice(seen);
    expect(calls.map((r) => [r.path, r.query.get('per_page'), r.headers.authorization])).toEqual([
      ['/user/orgs', '100', 'Bearer gho_orgs_token'],
    ]);
  });

  it('follows the Link header past 100 organisations', async () => {
    const saved = gh.orgs;
    gh.orgs = Array.from({ length: 101 }, (_, i) => ({
      login: `org-${String(i).padStart(3, '0')}`,
      description: null,
    }));
    try {
      const { call, url } = await githubIntegration({ access_token: 'gho_orgs_token' });
      const list = (await call({ method: 'GET', url })).json().organizations as { login: string }[];
      expect(list).toHaveLength(101);
      expect([list[0]?.login, list[100]?.login]).toEqual(['org-000', 'org-100']);
    } finally {
      gh.orgs = saved;
    }
  });

  it('uses the personal access token saved in Setup when GitHub is not connected', async () => {
    const { call, url } = await githubIntegration({ accessToken: 'gho_orgs_token' });
    const res = await call({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect((res.json().organizations as { login: string }[]).map((o) => o.login)).toEqual([
      'Acme',
      'acme-labs',
      'open-tools',
    ]);
  });

  it('answers 409 without a token and when GitHub refuses the token', async () => {
    const none = await githubIntegration(null);
    const missing = await none.call({ method: 'GET', url: none.url });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toBe('Connect GitHub (or save a personal access token) to choose organisations.');
    const revoked = await githubIntegration({ access_token: 'gho_revoked' });
    const refused = await revoked.call({ method: 'GET', url: revoked.url });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'GitHub no longer accepts the token: re-authorize GitHub to choose organisations.',
    );
  });

  it('answers 503 with Retry-After while GitHub rate-limits, and 502 when GitHub is down or answers garbage', async () => {
    const { call, url } = await githubIntegration({ access_token: 'gho_orgs_token' });
    gh.rateLimitLeft = 0;
    try {
      const limited = await call({ method: 'GET', url });
      expect(limited.statusCode).toBe(503);
      expect(limited.json().code).toBe('PROVIDER_RATE_LIMITED');
      expect(limited.json().message).toBe(
        'GitHub asks to wait before listing the organisations. GitHub answered 403: API rate limit exceeded for user ID 1.',
      );
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(119);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(120);
    } finally {
      gh.rateLimitLeft = 5000;
    }
    gh.failures.push({ status: 502, text: 'Bad Gateway' });
    const down = await call({ method: 'GET', url });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({
      code: 'PROVIDER_ERROR',
      message: 'GitHub could not list the organisations. GitHub answered 502: Bad Gateway',
    });
    gh.failures.push({ status: 200, text: '<html>maintenance</html>' });
    const garbage = await call({ method: 'GET', url });
    expect(garbage.statusCode).toBe(502);
    expect(garbage.json().message).toBe(
      'GitHub could not list the organisations. GitHub answered /user/orgs?per_page=100 with a body that is not JSON',
    );
    expect((await call({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('is for managers of the account only: members 403, anonymous 401, other accounts and other providers 404', async () => {
    const { account, url } = await githubIntegration({ access_token: 'gho_orgs_token' });
    const member = await createUser(t.db, account.id, { role: 'user' });
    const asMember = client(t.app, await sessionCookie(t.db, member.id));
    expect((await asMember({ method: 'GET', url })).statusCode).toBe(403);
    expect((await client(t.app)({ method: 'GET', url })).statusCode).toBe(401);
    const other = await signedInManager(t.db, { plan: 'business' });
    const foreign = await client(t.app, other.cookie)({ method: 'GET', url });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('GitHub integration not found');
    const gitlab = await serviceByProvider(t.db, 'gitlab');
    const mine = client(t.app, (await signedInManager(t.db, { plan: 'business' })).cookie);
    const gl = (await mine({ method: 'POST', url: '/api/v1/integrations', body: { serviceId: gitlab.id } })).json();
    expect((await mine({ method: 'GET', url: `/api/v1/integrations/${gl.id}/github/orgs` })).statusCode).toBe(404);
    expect((await mine({ method: 'GET', url: '/api/v1/integrations/not-a-uuid/github/orgs' })).statusCode).toBe(400);
  });
});
