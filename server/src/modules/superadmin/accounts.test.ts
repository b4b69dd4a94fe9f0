import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import { createIntegration, createPerson } from '../../../test/factories/activity.ts';
import { customerAccount, signedInOperator } from '../../../test/factories/operator.ts';
import { createUser } from '../../../test/factories.ts';
import { accounts, auditLog } from '../../db/schema/accounts.ts';
import { users } from '../../db/schema/users.ts';

const t = useTestApp();
let operator: Awaited<ReturnType<typeof signedInOperator>>;

beforeAll(async () => {
  operator = await signedInOperator(t.db);
});

const as = () => client(t.app, operator.cookie);

describe('GET /api/v1/superadmin/accounts/:id', () => {
  it('answers the operator view: counts, limits in force, billing fields, admin user and signup data', async () => {
    const { account, manager } = await customerAccount(t.db, { name: 'Night Owls', plan: 'startup' });
    await createUser(t.db, account.id, { role: 'manager' });
    await createPerson(t.db, account.id, { status: 'active' });
    await createPerson(t.db, account.id, { status: 'active' });
    await createPerson(t.db, account.id, { status: 'unassigned' });
    await createPerson(t.db, account.id, { status: 'ignored' });
    await createIntegration(t.db, account.id);
    const trialEndsAt = new Date('2031-05-01T00:00:00.000Z');
    await t.db
      .update(accounts)
      .set({
        trialEndsAt,
        stripeCustomerId: 'cus_1',
        stripeSubscriptionId: 'sub_1',
        stripePriceId: 'price_1',
        stripeSubscriptionStatus: 'trialing',
        features: ['teams'],
        maxIntegrations: -1,
        signupData: {
          signupSource: 'web_form',
          signupIp: '203.0.113.9',
          userAgent: 'Firefox',
          details: { selectedIntegrations: ['slack', 'github', 'jira'] },
          requestedIntegrations: ['Linear'],
        },
      })
      .where(eq(accounts.id, account.id));

    const res = await as()({ method: 'GET', url: `/api/v1/superadmin/accounts/${account.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: account.id,
      name: 'Night Owls',
      status: 'active',
      usersCount: 3,
      userCount: 3,
      peopleCount: 2,
      unassignedPeopleCount: 1,
      integrationsCount: 1,
      integrationCount: 1,
      maxPeople: 12,
      maxIntegrations: null,
      integrationInterval: 5,
      currentPlan: 'startup',
      trialEndsAt: trialEndsAt.toISOString(),
      cancelAtPeriodEnd: false,
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: 'sub_1',
      stripePriceId: 'price_1',
      stripeCurrentPeriodEnd: null,
      stripeSubscriptionStatus: 'trialing',
      adminUser: { id: manager.id, email: manager.email },
      features: ['teams'],
      signupData: {
        signupSource: 'web_form',
        details: { selectedIntegrations: ['slack', 'github', 'jira'] },
        requestedIntegrations: ['Linear'],
      },
      terminatedAt: null,
    });
  });

  it('answers 404 for an unknown account and 400 for a malformed id', async () => {
    const missing = await as()({
      method: 'GET',
      url: '/api/v1/superadmin/accounts/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Account not found');
    const bad = await as()({ method: 'GET', url: '/api/v1/superadmin/accounts/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toEqual({ field: 'id', message: 'must be a valid id' });
  });
});

describe('GET /api/v1/superadmin/accounts', () => {
  it('pages 20 at a time, newest first, and finds an account by its admin e-mail or its name', async () => {
    const { account, manager } = await customerAccount(t.db, { name: 'Findable Foxes' });
    const byEmail = await as()({
      method: 'GET',
      url: `/api/v1/superadmin/accounts?search=${encodeURIComponent(manager.email)}`,
    });
    expect(byEmail.json().accounts.map((a: { id: string }) => a.id)).toEqual([account.id]);
    const byName = await as()({ method: 'GET', url: '/api/v1/superadmin/accounts?search=findable%20FOX' });
    expect(byName.json().accounts.map((a: { id: string }) => a.id)).toEqual([account.id]);
    // A plain user's e-mail is not the admin e-mail.
    const { member } = await customerAccount(t.db, { name: 'Quiet Otters' });
    const byMember = await as()({
      method: 'GET',
      url: `/api/v1/superadmin/accounts?search=${encodeURIComponent(member.email)}`,
    });
    expect(byMember.json().accounts).toEqual([]);
    // LIKE wildcards are plain characters.
    const wildcard = await as()({ method: 'GET', url: '/api/v1/superadmin/accounts?search=%25' });
    expect(wildcard.json().accounts).toEqual([]);

    for (let i = 0; i < 21; i++) await customerAccount(t.db, { name: `Paged ${String(i).padStart(2, '0')}` });
    const page1 = await as()({ method: 'GET', url: '/api/v1/superadmin/accounts?search=Paged' });
    expect(page1.json().accounts).toHaveLength(20);
    expect(page1.json().pagination).toEqual({ page: 1, limit: 20, total: 21, totalPages: 2 });
    expect(page1.json().accounts[0].name).toBe('Paged 20');
    const page2 = await as()({ method: 'GET', url: '/api/v1/superadmin/accounts?search=Paged&page=2' });
    expect(page2.json().accounts.map((a: { name: string }) => a.name)).toEqual(['Paged 00']);
  });

  it('filters by status; all and empty mean every status', async () => {
    const { account } = await customerAccount(t.db, { name: 'Status Pending Co', status: 'pending' });
    const pending = await as()({
      method: 'GET',
      url: '/api/v1/superadmin/accounts?status=pending&search=Status%20Pending',
    });
    expect(pending.json().accounts.map((a: { id: string }) => a.id)).toEqual([account.id]);
    const active = await as()({
      method: 'GET',
      url: '/api/v1/superadmin/accounts?status=active&search=Status%20Pending',
    });
    expect(active.json().accounts).toEqual([]);
    for (const status of ['all', '']) {
      const any = await as()({
        method: 'GET',
        url: `/api/v1/superadmin/accounts?status=${status}&search=Status%20Pending`,
      });
      expect(any.json().pagination.total).toBe(1);
    }
  });

  it.each([
    ['page=0', 'page', 'must be a page number from 1'],
    ['limit=101', 'limit', 'must be a number from 1 to 100'],
    ['status=closed', 'status', 'must be one of: all, pending, active, suspended, terminated'],
    ['billingFilter=rich', 'billingFilter', expect.stringContaining('must be one of: active-subscriptions')],
  ])('refuses %s with 400 naming the field', async (query, field, message) => {
    const res = await as()({ method: 'GET', url: `/api/v1/superadmin/accounts?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toEqual({ field, message });
  });
});

describe('PATCH /api/v1/superadmin/accounts/:id', () => {
  it('renames the account, trimmed, and records it in the account’s audit log', async () => {
    const { account } = await customerAccount(t.db, { name: 'Old Name' });
    const res = await as()({
      method: 'PATCH',
      url: `/api/v1/superadmin/accounts/${account.id}`,
      body: { name: '  New Name ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('New Name');
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.accountId, account.id));
    expect(rows.map((r) => [r.action, r.actorUserId, r.impersonatorUserId, r.details])).toEqual([
      ['account.renamed', operator.user.id, null, { from: 'Old Name', to: 'New Name' }],
    ]);
  });

  it.each([[{ name: '   ' }], [{}], [{ name: 'x'.repeat(101) }]])(
    'refuses %j with 400 and keeps the name',
    async (body) => {
      const { account } = await customerAccount(t.db, { name: 'Kept Name' });
      const res = await as()({ method: 'PATCH', url: `/api/v1/superadmin/accounts/${account.id}`, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].field).toBe('name');
      const [row] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
      expect(row?.name).toBe('Kept Name');
    },
  );

  it('says "This field cannot be empty" for an empty name', async () => {
    const { account } = await customerAccount(t.db);
    const res = await as()({ method: 'PATCH', url: `/api/v1/superadmin/accounts/${account.id}`, body: { name: '' } });
    expect(res.json().details[0]).toEqual({ field: 'name', message: 'This field cannot be empty' });
  });
});

describe('GET /api/v1/superadmin/accounts/:id/users', () => {
  it('lists the account’s users, oldest first, with pending invitations', async () => {
    const { account, manager, member } = await customerAccount(t.db);
    const invited = await createUser(t.db, account.id, { role: 'user', verified: false, password: null });
    await t.db.update(users).set({ firstName: 'Ana' }).where(eq(users.id, manager.id));
    const res = await as()({ method: 'GET', url: `/api/v1/superadmin/accounts/${account.id}/users` });
    expect(res.statusCode).toBe(200);
    expect(
      res.json().users.map((u: Record<string, unknown>) => [u.email, u.role, u.firstName, u.emailVerifiedAt === null]),
    ).toEqual([
      [manager.email, 'manager', 'Ana', false],
      [member.email, 'user', null, false],
      [invited.email, 'user', null, true],
    ]);
    const missing = await as()({
      method: 'GET',
      url: '/api/v1/superadmin/accounts/00000000-0000-4000-8000-000000000000/users',
    });
    expect(missing.statusCode).toBe(404);
  });
});
