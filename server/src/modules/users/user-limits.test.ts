import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import { mailsTo, uniqueEmail } from '../../../test/factories/auth.ts';
import { createAccount, createUser, sessionCookie } from '../../../test/factories.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { users } from '../../db/schema/users.ts';

const t = useTestApp();

async function managerOf(plan: string, features: string[] = []) {
  const account = await createAccount(t.db, { plan, features });
  const manager = await createUser(t.db, account.id, { role: 'manager' });
  return { account, call: client(t.app, await sessionCookie(t.db, manager.id)) };
}

const countUsers = async (accountId: string) =>
  (await t.db.select().from(users).where(eq(users.accountId, accountId))).length;

describe('users per plan', () => {
  it('a free account has its one user: an invitation is refused, names the plan and limit, and sends nothing', async () => {
    const { account, call } = await managerOf('free');
    const email = uniqueEmail('second');
    const res = await call({ method: 'POST', url: '/api/v1/users/invite', body: { email, role: 'user' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'UPGRADE_REQUIRED', message: 'Free plan allows only 1 user' });
    expect(await countUsers(account.id)).toBe(1);
    expect(mailsTo(t.mails, email)).toEqual([]);
  });

  it('startup allows 15 users: pending invitations count, disabled users do not', async () => {
    const { account, call } = await managerOf('startup');
    for (let i = 0; i < 12; i++) await createUser(t.db, account.id, { role: 'user' });
    const disabled = await createUser(t.db, account.id, { role: 'disabled' });
    const invite = (role = 'user') =>
      call({ method: 'POST', url: '/api/v1/users/invite', body: { email: uniqueEmail(), role } });
    expect((await invite()).statusCode).toBe(201);
    expect((await invite()).statusCode).toBe(201);
    const refused = await invite();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Startup plan allows only 15 users');

    // Enabling the disabled user would make 16.
    const enable = await call({ method: 'PATCH', url: `/api/v1/users/${disabled.id}/role`, body: { role: 'user' } });
    expect(enable.statusCode).toBe(403);
    expect(enable.json().message).toBe('Startup plan allows only 15 users');
    const [row] = await t.db.select().from(users).where(eq(users.id, disabled.id));
    expect(row?.role).toBe('disabled');
  });

  it('a second manager needs Team Management (scaleup, business, or the teams flag)', async () => {
    const startup = await managerOf('startup');
    const member = await createUser(t.db, startup.account.id, { role: 'user' });
    const promote = await startup.call({
      method: 'PATCH',
      url: `/api/v1/users/${member.id}/role`,
      body: { role: 'manager' },
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json()).toMatchObject({
      code: 'UPGRADE_REQUIRED',
      message: 'Startup plan allows only 1 manager. Team Management comes with the Scaleup and Business plans.',
    });
    const inviteManager = await startup.call({
      method: 'POST',
      url: '/api/v1/users/invite',
      body: { email: uniqueEmail(), role: 'manager' },
    });
    expect(inviteManager.statusCode).toBe(403);
    expect(await countUsers(startup.account.id)).toBe(2);

    await t.db
      .update(accounts)
      .set({ features: ['teams'] })
      .where(eq(accounts.id, startup.account.id));
    expect(
      (await startup.call({ method: 'PATCH', url: `/api/v1/users/${member.id}/role`, body: { role: 'manager' } }))
        .statusCode,
    ).toBe(200);

    const scaleup = await managerOf('scaleup');
    const res = await scaleup.call({
      method: 'POST',
      url: '/api/v1/users/invite',
      body: { email: uniqueEmail(), role: 'manager' },
    });
    expect(res.statusCode).toBe(201);
    const managers = await t.db
      .select()
      .from(users)
      .where(and(eq(users.accountId, scaleup.account.id), eq(users.role, 'manager')));
    expect(managers).toHaveLength(2);
  });
});
