import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, cookieFrom, useTestApp } from '../../../test/app.ts';
import { invitationTokenOf, lastMailTo, uniqueEmail } from '../../../test/factories/auth.ts';
import { sessionCookie, signedInManager } from '../../../test/factories.ts';
import { invitations, users } from '../../db/schema/users.ts';

const t = useTestApp();

async function invited(role: 'user' | 'manager' = 'user') {
  const { account, cookie } = await signedInManager(t.db, { plan: 'business' });
  const email = uniqueEmail('invitee');
  const res = await client(t.app, cookie)({ method: 'POST', url: '/api/v1/users/invite', body: { email, role } });
  expect(res.statusCode).toBe(201);
  return { account, email, userId: res.json().user.id as string, token: invitationTokenOf(lastMailTo(t.mails, email)) };
}

describe('GET /api/v1/invitations/:token', () => {
  it('shows the invited email, account name and role', async () => {
    const { account, email, token } = await invited('manager');
    const res = await client(t.app)({ method: 'GET', url: `/api/v1/invitations/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, accountName: account.name, role: 'manager' });
  });

  it("answers 404 'Invalid invitation' for unknown, expired and accepted tokens", async () => {
    const { token, userId } = await invited();
    const unknown = await client(t.app)({ method: 'GET', url: '/api/v1/invitations/not-a-real-token' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Invalid invitation');
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.userId, userId));
    expect((await client(t.app)({ method: 'GET', url: `/api/v1/invitations/${token}` })).statusCode).toBe(404);
    const huge = await client(t.app)({ method: 'GET', url: `/api/v1/invitations/${'x'.repeat(500)}` });
    expect(huge.statusCode).toBe(414);
    expect(huge.json().statusCode).toBe(414);
  });
});

describe('POST /api/v1/invitations/:token/accept', () => {
  it('sets the password, verifies the address and signs the invitee in with the invited role', async () => {
    const { account, email, token, userId } = await invited('user');
    const res = await client(t.app)({
      method: 'POST',
      url: `/api/v1/invitations/${token}/accept`,
      body: { password: 'simplepass' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      user: { id: userId, email, role: 'user', accountId: account.id },
    });
    const status = await client(t.app, cookieFrom(res))({ method: 'GET', url: '/auth/status' });
    expect(status.json().user.role).toBe('user');
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect(row?.lastLogin).not.toBeNull();
    const again = await client(t.app)({
      method: 'POST',
      url: `/api/v1/invitations/${token}/accept`,
      body: { password: 'otherpass' },
    });
    expect(again.statusCode).toBe(404);
    expect((await client(t.app)({ method: 'GET', url: `/api/v1/invitations/${token}` })).statusCode).toBe(404);
    const login = await client(t.app)({ method: 'POST', url: '/auth/login', body: { email, password: 'simplepass' } });
    expect(login.statusCode).toBe(200);
  });

  it('replaces a session the browser already had', async () => {
    const { token } = await invited();
    const { user } = await signedInManager(t.db);
    const old = await sessionCookie(t.db, user.id);
    const res = await client(
      t.app,
      old,
    )({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, body: { password: 'simplepass' } });
    expect(res.statusCode).toBe(200);
    expect((await client(t.app, old)({ method: 'GET', url: '/auth/status' })).statusCode).toBe(401);
  });

  it.each([
    [{ password: 'short' }, 'at least 8 characters long'],
    [{}, 'is required'],
    [{ password: 12345678 }, 'is required'],
    [{ password: 'x'.repeat(201) }, 'at most 200'],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const { token, userId } = await invited();
    const res = await client(t.app)({ method: 'POST', url: `/api/v1/invitations/${token}/accept`, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({ field: 'password' });
    expect(res.json().details[0].message).toContain(message);
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row?.passwordHash).toBeNull();
    expect(row?.emailVerifiedAt).toBeNull();
  });

  it('refuses an expired invitation', async () => {
    const { token, userId } = await invited();
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.userId, userId));
    const res = await client(t.app)({
      method: 'POST',
      url: `/api/v1/invitations/${token}/accept`,
      body: { password: 'simplepass' },
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row?.passwordHash).toBeNull();
  });
});
