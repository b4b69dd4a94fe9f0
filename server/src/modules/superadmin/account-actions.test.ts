import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import { createIntegration, createPerson } from '../../../test/factories/activity.ts';
import { customerAccount, signedInOperator } from '../../../test/factories/operator.ts';
import { sessionCookie } from '../../../test/factories.ts';
import { accounts, auditLog } from '../../db/schema/accounts.ts';
import { people } from '../../db/schema/activity.ts';
import { integrations } from '../../db/schema/integrations.ts';
import { users } from '../../db/schema/users.ts';

const t = useTestApp();
let operator: Awaited<ReturnType<typeof signedInOperator>>;

beforeAll(async () => {
  operator = await signedInOperator(t.db);
});

const act = (id: string, action: string) =>
  client(t.app, operator.cookie)({ method: 'POST', url: `/api/v1/superadmin/accounts/${id}/${action}` });
const statusOf = async (id: string) =>
  (await t.db.select({ status: accounts.status }).from(accounts).where(eq(accounts.id, id)))[0]?.status;

describe('POST /api/v1/superadmin/accounts/:id/:action', () => {
  it('terminates: the customer may only reach the account page afterwards', async () => {
    const { account, manager } = await customerAccount(t.db);
    const res = await act(account.id, 'terminate');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Account terminated', redirectTo: null });
    expect(res.json().account.status).toBe('terminated');
    expect(Date.parse(res.json().account.terminatedAt)).toBeGreaterThan(Date.now() - 60_000);
    const customer = client(t.app, await sessionCookie(t.db, manager.id));
    expect((await customer({ method: 'GET', url: '/api/v1/people' })).statusCode).toBe(403);
    expect((await customer({ method: 'GET', url: '/api/v1/account' })).statusCode).toBe(200);
    const again = await act(account.id, 'terminate');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('The account is terminated: it cannot be terminated.');
  });

  it('refuses to delete an account that is not terminated, with the spec’s text, and keeps it', async () => {
    const { account } = await customerAccount(t.db);
    const res = await act(account.id, 'delete');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'NOT_TERMINATED',
      error: 'Account must be terminated before deletion',
      message: 'Account must be terminated before deletion',
    });
    expect(await statusOf(account.id)).toBe('active');
  });

  it('deletes a terminated account with its users, people and integrations; the deletion stays in the audit log', async () => {
    const { account, manager } = await customerAccount(t.db, { name: 'Gone Soon' });
    await createPerson(t.db, account.id);
    await createIntegration(t.db, account.id);
    const customerCookie = await sessionCookie(t.db, manager.id);
    await act(account.id, 'terminate');
    const res = await act(account.id, 'delete');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Account deleted', account: null, redirectTo: null });
    expect(await t.db.select().from(accounts).where(eq(accounts.id, account.id))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.accountId, account.id))).toEqual([]);
    expect(await t.db.select().from(people).where(eq(people.accountId, account.id))).toEqual([]);
    expect(await t.db.select().from(integrations).where(eq(integrations.accountId, account.id))).toEqual([]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'account.deleted'));
    expect(entry).toMatchObject({
      accountId: null,
      actorUserId: operator.user.id,
      details: { accountId: account.id, name: 'Gone Soon' },
    });
    expect((await client(t.app, customerCookie)({ method: 'GET', url: '/auth/status' })).statusCode).toBe(401);
    expect((await act(account.id, 'delete')).statusCode).toBe(404);
  });

  it('suspends (reads still work, writes are refused) and activates again', async () => {
    const { account, manager } = await customerAccount(t.db);
    expect((await act(account.id, 'suspend')).json().account.status).toBe('suspended');
    const customer = client(t.app, await sessionCookie(t.db, manager.id));
    expect((await customer({ method: 'GET', url: '/api/v1/people' })).statusCode).toBe(200);
    const write = await customer({ method: 'PATCH', url: '/api/v1/account', body: { name: 'Sneaky' } });
    expect(write.statusCode).toBe(403);
    const [suspended] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(suspended?.suspensionReason).toBe('operator');
    expect((await act(account.id, 'suspend')).statusCode).toBe(409);
    const activated = await act(account.id, 'activate');
    expect(activated.json()).toMatchObject({ message: 'Account activated', account: { status: 'active' } });
    expect((await customer({ method: 'PATCH', url: '/api/v1/account', body: { name: 'Fine' } })).statusCode).toBe(200);
    expect((await act(account.id, 'activate')).statusCode).toBe(409);
    const [active] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(active?.suspensionReason).toBe(null);
  });

  it('activates a pending account and stamps activatedAt; reactivates a terminated one', async () => {
    const { account } = await customerAccount(t.db, { status: 'pending' });
    await t.db.update(accounts).set({ activatedAt: null }).where(eq(accounts.id, account.id));
    const res = await act(account.id, 'activate');
    expect(res.json().account.status).toBe('active');
    expect(Date.parse(res.json().account.activatedAt)).toBeGreaterThan(Date.now() - 60_000);
    await act(account.id, 'terminate');
    const back = await act(account.id, 'activate');
    expect(back.json().account).toMatchObject({ status: 'active', terminatedAt: null });
  });

  it('records each change in the account’s audit log with the operator', async () => {
    const { account } = await customerAccount(t.db);
    await act(account.id, 'suspend');
    await act(account.id, 'activate');
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.accountId, account.id));
    expect(rows.map((r) => [r.action, r.actorUserId, r.details])).toEqual([
      ['account.suspended', operator.user.id, { from: 'active', to: 'suspended' }],
      ['account.active', operator.user.id, { from: 'suspended', to: 'active' }],
    ]);
  });

  it('keeps the operators’ own account out of reach', async () => {
    for (const action of ['terminate', 'suspend', 'delete']) {
      const res = await act(operator.account.id, action);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('OWN_ACCOUNT');
    }
    expect(await statusOf(operator.account.id)).toBe('active');
  });

  it('refuses an unknown action with 400 and an unknown account with 404', async () => {
    const { account } = await customerAccount(t.db);
    const unknown = await act(account.id, 'archive');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0]).toEqual({
      field: 'action',
      message: 'must be one of: terminate, delete, suspend, activate, impersonate',
    });
    expect((await act('00000000-0000-4000-8000-000000000000', 'terminate')).statusCode).toBe(404);
  });
});
