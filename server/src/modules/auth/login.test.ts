import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cookieFrom, useTestApp } from '../../../test/app.ts';
import {
  fromFreshIp,
  GOOD_PASSWORD,
  invitationTokenOf,
  lastMailTo,
  logIn,
  mailsTo,
  resetTokenOf,
  uniqueEmail,
} from '../../../test/factories/auth.ts';
import { createAccount, createUser, sessionCookie, TEST_PASSWORD } from '../../../test/factories.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { emailTokens, rateLimits, sessions, users } from '../../db/schema/users.ts';
import { sha256 } from '../../lib/crypto.ts';

const t = useTestApp();

const LOGIN_FAILED = 'Login failed. Please check your credentials.';
const SUSPENDED = 'Your account has been suspended. Please visit your account settings to resolve this issue.';

async function member(
  values: Parameters<typeof createUser>[2] = {},
  status: 'active' | 'suspended' | 'terminated' | 'pending' = 'active',
) {
  const account = await createAccount(t.db, { status });
  const user = await createUser(t.db, account.id, { email: uniqueEmail('m'), ...values });
  return { account, user };
}

type Call = ReturnType<typeof fromFreshIp>;
const resetPassword = (call: Call, body: { email: string; newPassword: string; token?: string }) =>
  call({ method: 'POST', url: '/auth/reset-password', body });

const sessionCount = async (userId: string) =>
  (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe('POST /auth/login', () => {
  it('signs in, records lastLogin and sets an HttpOnly SameSite=Lax cookie', async () => {
    const { user, account } = await member();
    const res = await fromFreshIp(t.app)({
      method: 'POST',
      url: '/auth/login',
      body: { email: ` ${user.email.toUpperCase()} `, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        id: user.id,
        email: user.email,
        role: 'manager',
        accountId: account.id,
        account: { id: account.id, name: account.name, status: 'active' },
      },
    });
    const cookie = res.cookies.find((c) => c.name === 'overlap_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastLogin).not.toBeNull();
    const [stored] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored?.tokenHash).not.toBe(cookie?.value);
  });

  it('rotates the session: the old cookie stops working after a new login', async () => {
    const { user } = await member();
    const old = await sessionCookie(t.db, user.id);
    const res = await fromFreshIp(
      t.app,
      old,
    )({ method: 'POST', url: '/auth/login', body: { email: user.email, password: TEST_PASSWORD } });
    const fresh = cookieFrom(res);
    expect(fresh).not.toBe(old);
    expect((await fromFreshIp(t.app, old)({ method: 'GET', url: '/auth/status' })).statusCode).toBe(401);
    expect((await fromFreshIp(t.app, fresh)({ method: 'GET', url: '/auth/status' })).statusCode).toBe(200);
  });

  it.each([
    ['a wrong password', {}, 'wrong-password-1!', 'active'],
    ['a disabled user', { role: 'disabled' as const }, TEST_PASSWORD, 'active'],
    ['an unconfirmed address', { verified: false }, TEST_PASSWORD, 'active'],
    ['a pending account', {}, TEST_PASSWORD, 'pending'],
  ] as const)('answers 401 with the same message for %s', async (_label, values, password, status) => {
    const { user } = await member(values, status);
    const res = await fromFreshIp(t.app)({ method: 'POST', url: '/auth/login', body: { email: user.email, password } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(LOGIN_FAILED);
    expect(res.cookies.find((c) => c.name === 'overlap_session')).toBeUndefined();
    expect(await sessionCount(user.id)).toBe(0);
  });

  it('answers 401 for an unknown address', async () => {
    const res = await fromFreshIp(t.app)({
      method: 'POST',
      url: '/auth/login',
      body: { email: uniqueEmail('ghost'), password: 'whatever-1!' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(LOGIN_FAILED);
  });

  it.each([
    [{ email: 'a@b.io' }, 'password'],
    [{ password: 'x' }, 'email'],
    [{ email: 'a@b.io', password: '' }, 'password'],
    [{ email: 'a@b.io', password: 'x'.repeat(1000) }, 'password'],
    [{ email: ['a@b.io'], password: 'x' }, 'email'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const res = await fromFreshIp(t.app)({ method: 'POST', url: '/auth/login', body });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('locks an (address, IP) pair after ten failures, never the owner signing in from another address', async () => {
    const { user } = await member();
    const stranger = fromFreshIp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await stranger({
        method: 'POST',
        url: '/auth/login',
        body: { email: user.email, password: `wrong-${i}!` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const locked = await stranger({
      method: 'POST',
      url: '/auth/login',
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().retryAfterSeconds).toBeGreaterThan(800);
    expect(locked.json().retryAfterSeconds).toBeLessThanOrEqual(900);
    expect(locked.headers['retry-after']).toBe(String(locked.json().retryAfterSeconds));
    expect(locked.json().message).toMatch(/^Too many attempts\. Please try again in 1[45] minutes\.$/);
    const owner = await logIn(fromFreshIp(t.app), user.email, TEST_PASSWORD);
    expect(owner.statusCode).toBe(200);
  });

  it('lets the pair in again once its window has passed', async () => {
    const { user } = await member();
    const call = fromFreshIp(t.app);
    for (let i = 0; i < 10; i += 1) {
      await call({ method: 'POST', url: '/auth/login', body: { email: user.email, password: `wrong-${i}!` } });
    }
    const body = { email: user.email, password: TEST_PASSWORD };
    expect((await call({ method: 'POST', url: '/auth/login', body })).statusCode).toBe(429);
    // The fifteen minutes pass.
    await t.db
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(like(rateLimits.key, `login-failed:email-ip:${user.email.toLowerCase()}|%`));
    expect((await call({ method: 'POST', url: '/auth/login', body })).statusCode).toBe(200);
  });

  it('locks a client IP after 50 failed sign-ins over any addresses; other IPs go on', async () => {
    const { user } = await member();
    const call = fromFreshIp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      const res = await call({ method: 'POST', url: '/auth/login', body: { email: `nobody${i}@x.io`, password: 'p' } });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual(Array(50).fill(401));
    const body = { email: user.email, password: TEST_PASSWORD };
    expect((await call({ method: 'POST', url: '/auth/login', body })).statusCode).toBe(429);
    expect((await fromFreshIp(t.app)({ method: 'POST', url: '/auth/login', body })).statusCode).toBe(200);
  });

  it('limits attempts per IP address to 100 in 15 minutes, successful ones included', async () => {
    const { user } = await member();
    const call = fromFreshIp(t.app);
    const body = { email: user.email, password: TEST_PASSWORD };
    const statuses: number[] = [];
    for (let i = 0; i < 101; i += 1)
      statuses.push((await call({ method: 'POST', url: '/auth/login', body })).statusCode);
    expect(statuses.slice(0, 100)).toEqual(Array(100).fill(200));
    expect(statuses[100]).toBe(429);
  });
});

describe('session calls', () => {
  it('GET /auth/status answers 401 in the error shape without a session', async () => {
    const res = await fromFreshIp(t.app)({ method: 'GET', url: '/auth/status' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'Authentication required' });
  });

  it('POST /auth/logout ends the session and clears the cookie; works without one', async () => {
    const { user } = await member();
    const cookie = await sessionCookie(t.db, user.id);
    const res = await fromFreshIp(t.app, cookie)({ method: 'POST', url: '/auth/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'overlap_session')?.value).toBe('');
    expect((await fromFreshIp(t.app, cookie)({ method: 'GET', url: '/auth/status' })).statusCode).toBe(401);
    expect((await fromFreshIp(t.app)({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(200);
  });

  it('GET /auth/impersonation-status reports the impersonated account and user', async () => {
    const { user, account } = await member({ role: 'user' });
    const plain = await fromFreshIp(
      t.app,
      await sessionCookie(t.db, user.id),
    )({ method: 'GET', url: '/auth/impersonation-status' });
    expect(plain.json()).toEqual({ isImpersonating: false, accountName: null, userEmail: null });
    const ops = await createAccount(t.db);
    const admin = await createUser(t.db, ops.id, { role: 'superadmin' });
    const acting = await fromFreshIp(
      t.app,
      await sessionCookie(t.db, user.id, admin.id),
    )({ method: 'GET', url: '/auth/impersonation-status' });
    expect(acting.json()).toEqual({ isImpersonating: true, accountName: account.name, userEmail: user.email });
    expect((await fromFreshIp(t.app)({ method: 'GET', url: '/auth/impersonation-status' })).statusCode).toBe(401);
  });

  it('a disabled user loses every session at once', async () => {
    const { user, account } = await member({ role: 'user' });
    const manager = await createUser(t.db, account.id, { role: 'manager' });
    const userCookie = await sessionCookie(t.db, user.id);
    const res = await fromFreshIp(
      t.app,
      await sessionCookie(t.db, manager.id),
    )({ method: 'PATCH', url: `/api/v1/users/${user.id}/role`, body: { role: 'disabled' } });
    expect(res.statusCode).toBe(200);
    expect(await sessionCount(user.id)).toBe(0);
    expect((await fromFreshIp(t.app, userCookie)({ method: 'GET', url: '/auth/status' })).statusCode).toBe(401);
  });
});

describe('account status rules', () => {
  it('a terminated account can sign in and read session, profile, system info, account and billing only', async () => {
    const { user } = await member({}, 'terminated');
    const login = await logIn(fromFreshIp(t.app), user.email, TEST_PASSWORD);
    expect(login.statusCode).toBe(200);
    const call = fromFreshIp(t.app, cookieFrom(login));
    for (const url of [
      '/auth/status',
      '/auth/impersonation-status',
      '/api/v1/profile/my-info',
      '/api/v1/profile/system-info',
      '/api/v1/account',
      '/api/v1/billing/status',
    ]) {
      expect((await call({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    for (const [method, url] of [
      ['GET', '/api/v1/users'],
      ['POST', '/api/v1/users/invite'],
      ['PATCH', '/api/v1/account'],
    ] as const) {
      const res = await call({
        method,
        url,
        body: method === 'GET' ? undefined : { email: 'x@y.io', role: 'user', name: 'X' },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(SUSPENDED);
    }
    expect((await call({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(200);
  });

  it('a suspended account can sign in and read, but not write', async () => {
    const { user, account } = await member({}, 'suspended');
    const login = await logIn(fromFreshIp(t.app), user.email, TEST_PASSWORD);
    expect(login.statusCode).toBe(200);
    const call = fromFreshIp(t.app, cookieFrom(login));
    expect((await call({ method: 'GET', url: '/api/v1/users' })).statusCode).toBe(200);
    const write = await call({ method: 'PATCH', url: '/api/v1/account', body: { name: 'Renamed' } });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe(SUSPENDED);
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row?.name).toBe(account.name);
    expect((await call({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('mails a reset link; reset sets the password, ends every session and the link works once', async () => {
    const { user } = await member();
    const existing = await sessionCookie(t.db, user.id);
    const call = fromFreshIp(t.app);
    const forgot = await call({ method: 'POST', url: '/auth/forgot-password', body: { email: user.email } });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json().success).toBe(true);
    const mail = lastMailTo(t.mails, user.email);
    expect(mail.text).toContain('http://localhost:3000/reset-password?email=');
    const token = resetTokenOf(mail);
    const reset = await resetPassword(call, { email: user.email, newPassword: GOOD_PASSWORD, token });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ success: true, user: null });
    expect(await sessionCount(user.id)).toBe(0);
    expect((await fromFreshIp(t.app, existing)({ method: 'GET', url: '/auth/status' })).statusCode).toBe(401);
    expect((await logIn(call, user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await logIn(call, user.email, GOOD_PASSWORD)).statusCode).toBe(200);
    const reused = await resetPassword(call, { email: user.email, newPassword: 'Another-one-7!', token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/invalid or has expired/);
  });

  it('mails a pending invitee a fresh invitation link (the old one stops), answering as for anyone', async () => {
    const team = await createAccount(t.db, { plan: 'business' });
    const manager = await createUser(t.db, team.id, { role: 'manager' });
    const invitee = uniqueEmail('invitee');
    const invited = await fromFreshIp(
      t.app,
      await sessionCookie(t.db, manager.id),
    )({
      method: 'POST',
      url: '/api/v1/users/invite',
      body: { email: invitee, role: 'user' },
    });
    expect(invited.statusCode).toBe(201);
    const oldToken = invitationTokenOf(lastMailTo(t.mails, invitee));
    const res = await fromFreshIp(t.app)({ method: 'POST', url: '/auth/forgot-password', body: { email: invitee } });
    const unknown = await fromFreshIp(t.app)({
      method: 'POST',
      url: '/auth/forgot-password',
      body: { email: uniqueEmail('nobody') },
    });
    expect(res.json()).toEqual(unknown.json());
    expect(mailsTo(t.mails, invitee)).toHaveLength(2);
    const mail = lastMailTo(t.mails, invitee);
    expect(mail.subject).toBe(`You're invited to join ${team.name} on Overlap`);
    expect(mail.text).toContain('Rather start a team of your own? Sign up at http://localhost:3000/signup');
    const freshToken = invitationTokenOf(mail);
    expect((await fromFreshIp(t.app)({ method: 'GET', url: `/api/v1/invitations/${freshToken}` })).statusCode).toBe(
      200,
    );
    expect((await fromFreshIp(t.app)({ method: 'GET', url: `/api/v1/invitations/${oldToken}` })).statusCode).toBe(404);
  });

  it('answers the same for unknown and disabled addresses and mails neither', async () => {
    const { user: disabled } = await member({ role: 'disabled' });
    const unknown = uniqueEmail('nobody');
    const answers = [];
    for (const email of [unknown, disabled.email]) {
      const res = await fromFreshIp(t.app)({ method: 'POST', url: '/auth/forgot-password', body: { email } });
      answers.push(res.json());
      expect(mailsTo(t.mails, email)).toHaveLength(0);
    }
    expect(answers[0]).toEqual(answers[1]);
  });

  it('refuses a wrong token, a token for another address and a weak password, changing nothing', async () => {
    const { user: a } = await member();
    const { user: b } = await member();
    const call = fromFreshIp(t.app);
    await call({ method: 'POST', url: '/auth/forgot-password', body: { email: a.email } });
    const tokenA = resetTokenOf(lastMailTo(t.mails, a.email));
    expect((await resetPassword(call, { email: a.email, newPassword: GOOD_PASSWORD, token: 'bogus' })).statusCode).toBe(
      400,
    );
    expect((await resetPassword(call, { email: b.email, newPassword: GOOD_PASSWORD, token: tokenA })).statusCode).toBe(
      400,
    );
    const weak = await resetPassword(call, { email: a.email, newPassword: 'password', token: tokenA });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details[0].field).toBe('newPassword');
    const missing = await resetPassword(call, { email: a.email, newPassword: GOOD_PASSWORD });
    expect(missing.json().details[0].field).toBe('token');
    for (const u of [a, b]) {
      expect((await logIn(call, u.email, TEST_PASSWORD)).statusCode).toBe(200);
    }
    expect((await resetPassword(call, { email: a.email, newPassword: GOOD_PASSWORD, token: tokenA })).statusCode).toBe(
      200,
    );
  });

  it('limits reset requests per address', async () => {
    const { user } = await member();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (await fromFreshIp(t.app)({ method: 'POST', url: '/auth/forgot-password', body: { email: user.email } }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(mailsTo(t.mails, user.email)).toHaveLength(5);
  });
});

describe('session lifetime', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const sessionRow = async (cookie: string) => {
    const rows = await t.db.select().from(sessions);
    const token = cookie.split('=')[1] as string;
    return rows.find((r) => r.tokenHash === sha256(token));
  };

  it('an expired session answers 401; a used one slides 14 days ahead after an hour', async () => {
    const { user } = await member();
    const expired = await sessionCookie(t.db, user.id);
    const expiredRow = await sessionRow(expired);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, expiredRow?.id as string));
    expect((await fromFreshIp(t.app, expired)({ method: 'GET', url: '/auth/status' })).statusCode).toBe(401);

    const live = await sessionCookie(t.db, user.id);
    const liveRow = await sessionRow(live);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: twoHoursAgo, expiresAt: new Date(Date.now() + DAY) })
      .where(eq(sessions.id, liveRow?.id as string));
    expect((await fromFreshIp(t.app, live)({ method: 'GET', url: '/auth/status' })).statusCode).toBe(200);
    const renewed = await sessionRow(live);
    const ahead = (renewed?.expiresAt.getTime() ?? 0) - Date.now();
    expect(ahead).toBeGreaterThan(14 * DAY - 60_000);
    expect(ahead).toBeLessThanOrEqual(14 * DAY);
    expect(renewed?.lastSeenAt.getTime()).toBeGreaterThan(twoHoursAgo.getTime());
  });

  it('a reset link lives one hour: issued for exactly 60 minutes, refused once they are over', async () => {
    const { user } = await member();
    const call = fromFreshIp(t.app);
    expect((await call({ method: 'POST', url: '/auth/forgot-password', body: { email: user.email } })).statusCode).toBe(
      200,
    );
    const token = resetTokenOf(lastMailTo(t.mails, user.email));
    const [row] = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(row?.kind).toBe('password_reset');
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBeGreaterThan(60 * 60_000 - 2_000);
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBeLessThanOrEqual(60 * 60_000 + 2_000);
    // The hour passes.
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.id, row?.id as string));
    const late = await resetPassword(call, { email: user.email, token, newPassword: GOOD_PASSWORD });
    expect(late.statusCode).toBe(400);
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.passwordHash).toBe(user.passwordHash);
  });
});
