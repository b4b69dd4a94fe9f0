import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import { createIntegration } from '../../../test/factories/activity.ts';
import { customerAccount, signedInOperator } from '../../../test/factories/operator.ts';
import { sessionCookie } from '../../../test/factories.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { integrations, services } from '../../db/schema/integrations.ts';

const t = useTestApp();
let operator: Awaited<ReturnType<typeof signedInOperator>>;

beforeAll(async () => {
  operator = await signedInOperator(t.db);
});

const as = () => client(t.app, operator.cookie);

const SCHEMA = {
  type: 'object',
  properties: {
    baseUrl: { type: 'string', label: 'Base URL', placeholder: 'https://gitlab.example.com' },
    token: { type: 'string', label: 'Token', password: true },
    pageSize: { type: 'integer', label: 'Page size', minimum: 1, maximum: 100, default: 20 },
    ratio: { type: 'number', min: 0, max: 1 },
    archived: { type: 'boolean', label: 'Include archived' },
    scope: {
      type: 'select',
      label: 'Scope',
      options: [
        { value: 'group', label: 'Group' },
        { value: 'project', label: 'Project' },
      ],
    },
  },
  required: ['baseUrl', 'token'],
};

describe('services', () => {
  it('creates a service with the defaults of the Add Service dialog and lists it', async () => {
    const res = await as()({
      method: 'POST',
      url: '/api/v1/superadmin/services',
      body: {
        name: ' Linear ',
        provider: 'Linear',
        description: '## Linear',
        tokenAuthentication: true,
        configSchema: SCHEMA,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Linear',
      provider: 'linear',
      category: 'development',
      description: '## Linear',
      enabled: true,
      tokenAuthentication: true,
      intervalMinutes: 5,
      configSchema: SCHEMA,
      integrationsCount: 0,
    });
    const list = await as()({ method: 'GET', url: '/api/v1/superadmin/services' });
    const names = list.json().map((s: { name: string }) => s.name);
    expect(names).toContain('Linear');
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    // A customer sees the new service among those to add.
    const customer = await customerAccount(t.db);
    const available = await client(
      t.app,
      await sessionCookie(t.db, customer.manager.id),
    )({
      method: 'GET',
      url: '/api/v1/integrations/available-services',
    });
    expect(available.json().map((s: { provider: string }) => s.provider)).toContain('linear');
  });

  it('refuses a second service for the same provider with 409', async () => {
    const res = await as()({
      method: 'POST',
      url: '/api/v1/superadmin/services',
      body: { name: 'Slack 2', provider: 'slack' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("A service for the provider 'slack' already exists.");
  });

  it.each([
    [{ provider: 'jira' }, 'name', 'is required'],
    [{ name: 'Jira' }, 'provider', 'is required'],
    [
      { name: 'Jira', provider: 'Ji ra' },
      'provider',
      'must be lower-case letters, digits, - or _ (for example gitlab)',
    ],
    [
      { name: 'Jira', provider: 'jira', intervalMinutes: 3 },
      'intervalMinutes',
      'must be one of 1, 2, 5, 10, 20, 30, 60 minutes',
    ],
    [
      { name: 'Jira', provider: 'jira', configSchema: { properties: { a: { type: 'date' } } } },
      'configSchema.properties.a.type',
      'must be one of: string, number, integer, boolean, select',
    ],
    [
      { name: 'Jira', provider: 'jira', configSchema: { properties: { a: { type: 'select' } } } },
      'configSchema.properties.a.options',
      'a select field needs at least one option',
    ],
    [
      { name: 'Jira', provider: 'jira', configSchema: { properties: {}, required: ['a'] } },
      'configSchema.required.0',
      "'a' is not a field",
    ],
    [
      {
        name: 'Jira',
        provider: 'jira',
        configSchema: { properties: { a: { type: 'number', minimum: 5, maximum: 1 } } },
      },
      'configSchema.properties.a.maximum',
      'must not be below the minimum',
    ],
    [
      { name: 'Jira', provider: 'jira', configSchema: { fields: [] } },
      'configSchema',
      expect.stringContaining('fields'),
    ],
    [{ name: 'Jira', provider: 'jira', configSchema: '{"type":"object"}' }, 'configSchema', expect.any(String)],
  ])('refuses %j with 400 naming %s', async (body, field, message) => {
    const res = await as()({ method: 'POST', url: '/api/v1/superadmin/services', body });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toEqual({ field, message });
    expect(await t.db.select().from(services).where(eq(services.provider, 'jira'))).toEqual([]);
  });

  it('changes any field, one at a time, and keeps the rest', async () => {
    const created = (
      await as()({ method: 'POST', url: '/api/v1/superadmin/services', body: { name: 'Notion', provider: 'notion' } })
    ).json();
    const url = `/api/v1/superadmin/services/${created.id}`;
    const patches = [
      { enabled: false },
      { description: '# Notion\n\n**Pages** you edit' },
      { configSchema: { properties: { workspace: { type: 'string' } }, required: ['workspace'] } },
      { name: 'Notion Pages' },
      { provider: 'notion-pages' },
      { tokenAuthentication: true },
      { intervalMinutes: 60 },
    ];
    for (const body of patches) {
      const res = await as()({ method: 'PATCH', url, body });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject(body);
    }
    expect((await as()({ method: 'GET', url })).json()).toMatchObject(Object.assign({}, ...patches));
    const empty = await as()({ method: 'PATCH', url, body: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('lists a service’s integrations by account; keeps its provider and refuses deletion while it has some', async () => {
    const created = (
      await as()({ method: 'POST', url: '/api/v1/superadmin/services', body: { name: 'Zed', provider: 'zed' } })
    ).json();
    const b = await customerAccount(t.db, { name: 'Beta Team' });
    const a = await customerAccount(t.db, { name: 'Alpha Team' });
    const first = await createIntegration(t.db, b.account.id, { provider: 'zed', name: 'Zed B', kind: 'events' });
    const second = await createIntegration(t.db, a.account.id, { provider: 'zed', name: 'Zed A1' });
    const third = await createIntegration(t.db, a.account.id, { provider: 'zed', name: 'Zed A2' });
    const ran = new Date('2025-01-02T03:04:05.000Z');
    await t.db.update(integrations).set({ lastRunAt: ran, status: 'inactive' }).where(eq(integrations.id, third.id));
    const res = await as()({ method: 'GET', url: `/api/v1/superadmin/services/${created.id}/integrations` });
    expect(
      res.json().map((i: Record<string, unknown>) => [i.accountName, i.name, i.type, i.status, i.lastSync]),
    ).toEqual([
      ['Alpha Team', 'Zed A1', 'presence', 'active', null],
      ['Alpha Team', 'Zed A2', 'presence', 'inactive', ran.toISOString()],
      ['Beta Team', 'Zed B', 'events', 'active', null],
    ]);
    const [slug] = await t.db.select({ slug: accounts.slug }).from(accounts).where(eq(accounts.id, a.account.id));
    expect(res.json()[0]).toMatchObject({ id: second.id, accountId: a.account.id, accountSlug: slug?.slug });
    const rename = await as()({
      method: 'PATCH',
      url: `/api/v1/superadmin/services/${created.id}`,
      body: { provider: 'zed2' },
    });
    expect(rename.statusCode).toBe(409);
    const del = await as()({ method: 'DELETE', url: `/api/v1/superadmin/services/${created.id}` });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('Zed has 3 integrations. Disable it instead, or delete them first.');
    expect(first.serviceId).toBe(created.id);
  });

  it('deletes an unused service; unknown ids answer 404 “Service not found”', async () => {
    const created = (
      await as()({ method: 'POST', url: '/api/v1/superadmin/services', body: { name: 'Temp', provider: 'temp' } })
    ).json();
    const res = await as()({ method: 'DELETE', url: `/api/v1/superadmin/services/${created.id}` });
    expect(res.json()).toEqual({ success: true, message: 'Temp deleted' });
    for (const [method, url] of [
      ['GET', `/api/v1/superadmin/services/${created.id}`],
      ['DELETE', `/api/v1/superadmin/services/${created.id}`],
      ['GET', `/api/v1/superadmin/services/${created.id}/integrations`],
    ] as const) {
      const missing = await as()({ method, url });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Service not found');
    }
  });
});
