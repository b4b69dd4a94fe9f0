import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { client, cookieFrom, useTestApp } from '../../../test/app.ts';
import { customerAccount, signedInOperator } from '../../../test/factories/operator.ts';
import { sessionCookie } from '../../../test/factories.ts';
import { auditLog } from '../../db/schema/accounts.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { sha256 } from '../../lib/crypto.ts';

const t = useTestApp();

async function impersonate() {
  const operator = await signedInOperator(t.db);
  const customer = await customerAccount(t.db, { name: 'Acme Robotics' });
  const res = await client(
    t.app,
    operator.cookie,
  )({
    method: 'POST',
    url: `/api/v1/superadmin/accounts/${customer.account.id}/impersonate`,
  });
  return { operator, ...customer, res, cookie: cookieFrom(res) };
}

const sessionOf = async (cookie: string) =>
  (
    await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(cookie.split('=')[1] as string)))
  )[0];

describe('impersonation', () => {
  it('signs the operator in as the account’s admin user for one hour; the header says so', async () => {
    const { operator, account, manager, res, cookie } = await impersonate();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: `Impersonating ${manager.email}`, redirectTo: '/' });
    const as = client(t.app, cookie);
    expect((await as({ method: 'GET', url: '/auth/status' })).json().user).toMatchObject({
      id: manager.id,
      role: 'manager',
      accountId: account.id,
    });
    expect((await as({ method: 'GET', url: '/auth/impersonation-status' })).json()).toEqual({
      isImpersonating: true,
      accountName: 'Acme Robotics',
      userEmail: manager.email,
    });
    const session = await sessionOf(cookie);
    expect(session?.impersonatorUserId).toBe(operator.user.id);
    const minutes = ((session?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(Math.round(minutes)).toBe(60);
    // The operator's own session gave way to the impersonation (one cookie per browser).
    expect((await client(t.app, operator.cookie)({ method: 'GET', url: '/auth/status' })).statusCode).toBe(401);
  });

  it('closes every operator route while impersonating', async () => {
    const { cookie } = await impersonate();
    const res = await client(t.app, cookie)({ method: 'GET', url: '/api/v1/superadmin/accounts' });
    expect(res.statusCode).toBe(403);
  });

  it('records every write with the operator, the account, the action and the time, refused ones too', async () => {
    const { operator, account, manager, cookie } = await impersonate();
    const as = client(t.app, cookie);
    expect((await as({ method: 'PATCH', url: '/api/v1/account', body: { name: 'Acme Robots' } })).statusCode).toBe(200);
    expect((await as({ method: 'PATCH', url: '/api/v1/account', body: { name: '' } })).statusCode).toBe(400);
    expect((await as({ method: 'GET', url: '/api/v1/people' })).statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, account.id), eq(auditLog.targetType, 'request')));
    expect(rows.map((r) => [r.action, r.actorUserId, r.impersonatorUserId, r.details])).toEqual([
      ['PATCH /api/v1/account', manager.id, operator.user.id, { statusCode: 200 }],
      ['PATCH /api/v1/account', manager.id, operator.user.id, { statusCode: 400 }],
    ]);
    expect(rows.every((r) => Date.now() - r.createdAt.getTime() < 60_000)).toBe(true);
  });

  it('lets the account’s managers read the log on the account page, operator named; users may not', async () => {
    const { operator, manager, member, cookie } = await impersonate();
    await client(t.app, cookie)({ method: 'PATCH', url: '/api/v1/account', body: { name: 'Renamed by ops' } });
    const mine = client(t.app, await sessionCookie(t.db, manager.id));
    const log = await mine({ method: 'GET', url: '/api/v1/account/audit-log?impersonated=true' });
    expect(log.statusCode).toBe(200);
    expect(
      log.json().entries.map((e: Record<string, unknown>) => [e.action, e.actorEmail, e.operatorEmail, e.impersonated]),
    ).toEqual([
      ['PATCH /api/v1/account', manager.email, operator.user.email, true],
      ['account.renamed', manager.email, operator.user.email, true],
      ['impersonation.started', manager.email, operator.user.email, true],
    ]);
    expect(log.json().pagination).toEqual({
      page: 1,
      limit: 25,
      totalCount: 3,
      totalPages: 1,
      hasNextPage: false,
      hasPreviousPage: false,
    });
    const user = await client(
      t.app,
      await sessionCookie(t.db, member.id),
    )({ method: 'GET', url: '/api/v1/account/audit-log' });
    expect(user.statusCode).toBe(403);
    // Another account's managers see none of it.
    const other = await customerAccount(t.db);
    const theirs = await client(
      t.app,
      await sessionCookie(t.db, other.manager.id),
    )({
      method: 'GET',
      url: '/api/v1/account/audit-log',
    });
    expect(theirs.json().entries).toEqual([]);
  });

  it('exits: the impersonation session ends and the operator has a session of their own again', async () => {
    const { operator, account, cookie } = await impersonate();
    const res = await client(t.app, cookie)({ method: 'POST', url: '/api/v1/superadmin/stop-impersonation' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirectTo: '/superadmin' });
    const back = client(t.app, cookieFrom(res));
    expect((await back({ method: 'GET', url: '/auth/status' })).json().user).toMatchObject({
      id: operator.user.id,
      role: 'superadmin',
    });
    expect((await back({ method: 'GET', url: '/auth/impersonation-status' })).json()).toEqual({
      isImpersonating: false,
      accountName: null,
      userEmail: null,
    });
    expect((await back({ method: 'GET', url: '/api/v1/superadmin/accounts' })).statusCode).toBe(200);
    expect((await client(t.app, cookie)({ method: 'GET', url: '/auth/status' })).statusCode).toBe(401);
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.accountId, account.id))).map((r) => r.action);
    expect(actions).toEqual(['impersonation.started', 'impersonation.stopped']);
    const again = await back({ method: 'POST', url: '/api/v1/superadmin/stop-impersonation' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You are not impersonating anyone.');
  });

  it('ends by itself after an hour and does not slide like a normal session', async () => {
    const { cookie } = await impersonate();
    const session = await sessionOf(cookie);
    const hourAgo = new Date(Date.now() - 2 * 60 * 60_000);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: hourAgo })
      .where(eq(sessions.id, session?.id as string));
    await client(t.app, cookie)({ method: 'GET', url: '/auth/status' });
    expect((await sessionOf(cookie))?.expiresAt.getTime()).toBe(session?.expiresAt.getTime());
    // The hour passes (the process's clock: a session it looked up a moment ago is not trusted past its end).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime((session?.expiresAt.getTime() as number) + 1000);
      expect((await client(t.app, cookie)({ method: 'GET', url: '/auth/status' })).statusCode).toBe(401);
      expect(
        (await client(t.app, cookie)({ method: 'POST', url: '/api/v1/superadmin/stop-impersonation' })).statusCode,
      ).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('works on an active account with a manager only', async () => {
    const operator = await signedInOperator(t.db);
    const suspended = await customerAccount(t.db, { status: 'suspended' });
    const start = (id: string) =>
      client(t.app, operator.cookie)({ method: 'POST', url: `/api/v1/superadmin/accounts/${id}/impersonate` });
    const res = await start(suspended.account.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Only active accounts can be impersonated.');
    const empty = await customerAccount(t.db);
    await t.db.update(users).set({ role: 'user' }).where(eq(users.id, empty.manager.id));
    const none = await start(empty.account.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe('This account has no manager to impersonate.');
    expect((await client(t.app, operator.cookie)({ method: 'GET', url: '/auth/status' })).statusCode).toBe(200);
  });
});
