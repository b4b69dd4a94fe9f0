import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { integrationRuns, integrations, services } from '../../db/schema/integrations.ts';

const t = useTestApp();

async function addIntegration(
  accountId: string,
  status: 'active' | 'inactive',
  lastRunMinutesAgo: number | null,
  createdMinutesAgo = 180,
) {
  const [service] = await t.db.select().from(services).where(eq(services.provider, 'slack'));
  const [row] = await t.db
    .insert(integrations)
    .values({
      accountId,
      serviceId: service?.id as string,
      name: `Slack ${status}`,
      kind: 'presence',
      status,
      createdAt: new Date(Date.now() - createdMinutesAgo * 60_000),
      lastRunAt: lastRunMinutesAgo === null ? null : new Date(Date.now() - lastRunMinutesAgo * 60_000),
    })
    .returning();
  if (lastRunMinutesAgo !== null) {
    await t.db.insert(integrationRuns).values({
      integrationId: row?.id as string,
      accountId,
      trigger: 'poll',
      status: 'success',
      startedAt: new Date(Date.now() - lastRunMinutesAgo * 60_000),
    });
  }
  return row;
}

describe('GET /api/v1/account', () => {
  it('returns status, onboarding, billing, integrations and stale integration health', async () => {
    const { account, cookie } = await signedInManager(t.db, { plan: 'startup' });
    await addIntegration(account.id, 'active', 5);
    await addIntegration(account.id, 'active', 90);
    await addIntegration(account.id, 'active', null);
    await addIntegration(account.id, 'inactive', null);
    const res = await client(t.app, cookie)({ method: 'GET', url: '/api/v1/account' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: account.id,
      name: account.name,
      status: 'active',
      onboarding: { completed: true },
      billing: { currentPlan: 'startup', integrationInterval: 5, maxPeople: 12 },
      integrationHealth: { hasStaleIntegrations: true, staleCount: 2 },
    });
    expect(body.integrations).toHaveLength(4);
    expect(body.integrations[0]).toMatchObject({
      kind: 'presence',
      service: { provider: 'slack', name: expect.any(String), enabled: true, tokenAuthentication: expect.any(Boolean) },
    });
    expect(JSON.stringify(body)).not.toMatch(/apiKey|secrets|config/);
  });

  it('reports no stale integrations when every active one ran within the hour or is new', async () => {
    const { account, cookie } = await signedInManager(t.db, { plan: 'business' });
    await addIntegration(account.id, 'active', 10);
    await addIntegration(account.id, 'active', null, 20);
    const res = await client(t.app, cookie)({ method: 'GET', url: '/api/v1/account' });
    expect(res.json().integrationHealth).toEqual({ hasStaleIntegrations: false, staleCount: 0 });
  });

  it('is readable by every member and only shows their own account', async () => {
    const a = await signedInManager(t.db);
    const b = await signedInManager(t.db);
    await addIntegration(b.account.id, 'active', null);
    const member = await createUser(t.db, a.account.id, { role: 'user' });
    const res = await client(t.app, await sessionCookie(t.db, member.id))({ method: 'GET', url: '/api/v1/account' });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(a.account.id);
    expect(res.json().integrations).toEqual([]);
    expect((await client(t.app)({ method: 'GET', url: '/api/v1/account' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/v1/account', () => {
  it('renames the account for a manager, trimming the name', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const res = await client(
      t.app,
      cookie,
    )({ method: 'PATCH', url: '/api/v1/account', body: { name: '  Night Owls  ' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Night Owls');
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row?.name).toBe('Night Owls');
  });

  it.each([[{ name: '' }], [{ name: '   ' }], [{}], [{ name: 'x'.repeat(101) }], [{ name: 5 }]])(
    'refuses %j with 400',
    async (body) => {
      const { account, cookie } = await signedInManager(t.db);
      const res = await client(t.app, cookie)({ method: 'PATCH', url: '/api/v1/account', body });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].field).toBe('name');
      const [row] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
      expect(row?.name).toBe(account.name);
    },
  );

  it('refuses a user with 403', async () => {
    const { account } = await signedInManager(t.db);
    const member = await createUser(t.db, account.id, { role: 'user' });
    const res = await client(
      t.app,
      await sessionCookie(t.db, member.id),
    )({ method: 'PATCH', url: '/api/v1/account', body: { name: 'Mine' } });
    expect(res.statusCode).toBe(403);
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row?.name).toBe(account.name);
  });
});
