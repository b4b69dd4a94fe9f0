import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import {
  confirmationOf,
  fromFreshIp,
  GOOD_PASSWORD,
  lastMailTo,
  logIn,
  mailsTo,
  uniqueEmail,
  userWithAccount,
} from '../../../test/factories/auth.ts';
import { createAccount, createUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { emailTokens, users } from '../../db/schema/users.ts';

const t = useTestApp();

const userRow = (email: string) => userWithAccount(t.db, email);

async function signUp(email = uniqueEmail()) {
  const call = fromFreshIp(t.app);
  const res = await call({
    method: 'POST',
    url: '/auth/signup',
    body: { email, selectedIntegrations: ['slack'] },
    headers: { 'user-agent': 'vitest-agent' },
  });
  expect(res.statusCode).toBe(200);
  return { email, call, ...confirmationOf(lastMailTo(t.mails, email)) };
}

describe('POST /auth/signup', () => {
  it('creates a pending account, its manager without password, and the signup data; mails link and code', async () => {
    const email = `Ana.Lopez-${Date.now()}@Acme-Labs.io`;
    const res = await fromFreshIp(t.app)({
      method: 'POST',
      url: '/auth/signup',
      body: { email: `  ${email} `, selectedIntegrations: ['slack', 'github'] },
      headers: { 'user-agent': 'vitest-agent' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: expect.stringContaining('Check your email') });
    const row = await userRow(email);
    expect(row?.user).toMatchObject({
      email: email.toLowerCase(),
      role: 'manager',
      passwordHash: null,
      emailVerifiedAt: null,
    });
    expect(row?.account).toMatchObject({
      name: 'Acme Labs',
      status: 'pending',
      plan: 'free',
      onboardingNextAction: 'onboarding',
      onboardingCompleted: false,
    });
    expect(row?.account.signupData).toMatchObject({
      signupSource: 'web_form',
      userAgent: 'vitest-agent',
      details: { selectedIntegrations: ['slack', 'github'] },
    });
    expect(row?.account.signupData?.signupIp).toMatch(/^10\./);
    const mail = lastMailTo(t.mails, email.toLowerCase());
    const { token, code } = confirmationOf(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(`http://localhost:3000/confirm-email?token=${token}&email=`);
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('/confirm-email?token=');
    const tokens = await t.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.userId, row?.user.id as string));
    expect(tokens[0]?.tokenHash).not.toContain(token);
    expect(tokens[0]?.codeHash).not.toBe(code);
  });

  it('names the account after the person for public mail domains', async () => {
    const email = `jo.smith.${Date.now()}@gmail.com`;
    await fromFreshIp(t.app)({ method: 'POST', url: '/auth/signup', body: { email, selectedIntegrations: [] } });
    expect((await userRow(email))?.account.name).toMatch(/^Jo Smith/);
  });

  it('answers the same for an address that already has an account and creates nothing', async () => {
    const account = await createAccount(t.db);
    const existing = await createUser(t.db, account.id, { email: uniqueEmail('taken') });
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(accounts);
    const res = await fromFreshIp(t.app)({
      method: 'POST',
      url: '/auth/signup',
      body: { email: existing.email.toUpperCase(), selectedIntegrations: [] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('Check your email');
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(accounts);
    expect(after[0]?.n).toBe(before[0]?.n);
    expect(lastMailTo(t.mails, existing.email).subject).toBe('You already have an Overlap account');
  });

  it('sends a fresh confirmation when a pending sign-up signs up again; the old code stops working', async () => {
    const first = await signUp();
    await fromFreshIp(t.app)({
      method: 'POST',
      url: '/auth/signup',
      body: { email: first.email, selectedIntegrations: [] },
    });
    const second = confirmationOf(lastMailTo(t.mails, first.email));
    expect(second.token).not.toBe(first.token);
    const old = await first.call({
      method: 'POST',
      url: '/auth/confirm-email',
      body: { email: first.email, token: first.token },
    });
    expect(old.statusCode).toBe(400);
  });

  it.each([
    [{}, 'email'],
    [{ email: 'not-an-email', selectedIntegrations: [] }, 'email'],
    [{ email: 42 }, 'email'],
    [{ email: `${'a'.repeat(300)}@x.io` }, 'email'],
    [{ email: 'ok@example.com', selectedIntegrations: 'slack' }, 'selectedIntegrations'],
    [{ email: 'ok@example.com', selectedIntegrations: ['x'.repeat(500)] }, 'selectedIntegrations.0'],
  ])('refuses %j with a 400 naming %s and creates nothing', async (body, field) => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const res = await fromFreshIp(t.app)({ method: 'POST', url: '/auth/signup', body });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('limits sign-ups per address with a 429 and the seconds to wait', async () => {
    const email = uniqueEmail('flood');
    const statuses: number[] = [];
    let last: { retryAfterSeconds?: number; message?: string } = {};
    for (let i = 0; i < 7; i += 1) {
      const res = await fromFreshIp(t.app)({ method: 'POST', url: '/auth/signup', body: { email } });
      statuses.push(res.statusCode);
      last = res.json();
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(last.message).toMatch(/Too many attempts/);
    expect(last.retryAfterSeconds).toBeGreaterThan(0);
    expect(mailsTo(t.mails, email)).toHaveLength(5);
  });

  it('limits sign-ups per IP address', async () => {
    const call = fromFreshIp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      statuses.push(
        (await call({ method: 'POST', url: '/auth/signup', body: { email: uniqueEmail('ip') } })).statusCode,
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses[20]).toBe(429);
  });
});

describe('POST /auth/confirm-email', () => {
  it('confirms with the link token once and returns a single-use set_password token', async () => {
    const { email, token, call } = await signUp();
    const res = await call({ method: 'POST', url: '/auth/confirm-email', body: { email, token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, nextStep: 'set_password' });
    expect(res.json().passwordResetToken).toEqual(expect.any(String));
    expect((await userRow(email))?.user.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await userRow(email))?.account.status).toBe('pending');

    const again = await call({ method: 'POST', url: '/auth/confirm-email', body: { email, token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid or has expired/);
  });

  it('answers 409 ALREADY_CONFIRMED once the account is set up', async () => {
    const { email, token, call } = await signUp();
    const confirmed = await call({ method: 'POST', url: '/auth/confirm-email', body: { email, token } });
    await call({
      method: 'POST',
      url: '/auth/set-password',
      body: { email, password: GOOD_PASSWORD, token: confirmed.json().passwordResetToken },
    });
    const again = await call({ method: 'POST', url: '/auth/confirm-email', body: { email, token } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_CONFIRMED', error: 'Already Confirmed' });
  });

  it('answers a wrong link alike for a confirmed, a pending and an unknown address', async () => {
    const confirmed = await signUp();
    const first = await confirmed.call({
      method: 'POST',
      url: '/auth/confirm-email',
      body: { email: confirmed.email, token: confirmed.token },
    });
    await confirmed.call({
      method: 'POST',
      url: '/auth/set-password',
      body: { email: confirmed.email, password: GOOD_PASSWORD, token: first.json().passwordResetToken },
    });
    const pending = await signUp();
    const answers = [];
    for (const email of [confirmed.email, pending.email, uniqueEmail()]) {
      const res = await fromFreshIp(t.app)({
        method: 'POST',
        url: '/auth/confirm-email',
        body: { email, token: 'made-up-token-123' },
      });
      answers.push([res.statusCode, res.json()]);
    }
    expect(answers[0]).toEqual([
      400,
      {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        error: 'The request is not valid.',
        message: 'This confirmation link is invalid or has expired. Request a new confirmation email.',
      },
    ]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('refuses a wrong token, a token for another address and an expired one, changing nothing', async () => {
    const a = await signUp();
    const b = await signUp();
    const wrong = await a.call({ method: 'POST', url: '/auth/confirm-email', body: { email: a.email, token: 'nope' } });
    expect(wrong.statusCode).toBe(400);
    const crossed = await a.call({
      method: 'POST',
      url: '/auth/confirm-email',
      body: { email: a.email, token: b.token },
    });
    expect(crossed.statusCode).toBe(400);
    const unknown = await a.call({
      method: 'POST',
      url: '/auth/confirm-email',
      body: { email: uniqueEmail(), token: a.token },
    });
    expect(unknown.statusCode).toBe(400);
    const huge = await a.call({
      method: 'POST',
      url: '/auth/confirm-email',
      body: { email: a.email, token: 'x'.repeat(5000) },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().details[0].field).toBe('token');
    const userA = await userRow(a.email);
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, userA?.user.id as string));
    const expired = await a.call({
      method: 'POST',
      url: '/auth/confirm-email',
      body: { email: a.email, token: a.token },
    });
    expect(expired.statusCode).toBe(400);
    expect((await userRow(a.email))?.user.emailVerifiedAt).toBeNull();
    expect((await userRow(b.email))?.user.emailVerifiedAt).toBeNull();
  });
});

const INVALID_CODE =
  'The confirmation code is not correct or has expired. After 5 wrong codes, request a new confirmation email.';

describe('POST /auth/confirm-code', () => {
  it('answers a wrong code alike for a confirmed, a pending, an exhausted and an unknown address', async () => {
    const confirmed = await signUp();
    const first = await confirmed.call({
      method: 'POST',
      url: '/auth/confirm-code',
      body: { email: confirmed.email, code: confirmed.code },
    });
    await confirmed.call({
      method: 'POST',
      url: '/auth/set-password',
      body: { email: confirmed.email, password: GOOD_PASSWORD, token: first.json().passwordResetToken },
    });
    const pending = await signUp();
    const exhausted = await signUp();
    const other = (code: string) => (code === '000000' ? '111111' : '000000');
    for (let i = 0; i < 5; i += 1) {
      await exhausted.call({
        method: 'POST',
        url: '/auth/confirm-code',
        body: { email: exhausted.email, code: other(exhausted.code) },
      });
    }
    const cases: [string, string][] = [
      [confirmed.email, other(confirmed.code)],
      [pending.email, other(pending.code)],
      [exhausted.email, other(exhausted.code)],
      [uniqueEmail(), '123456'],
    ];
    const answers = [];
    for (const [email, code] of cases) {
      const res = await fromFreshIp(t.app)({ method: 'POST', url: '/auth/confirm-code', body: { email, code } });
      answers.push([res.statusCode, res.json()]);
    }
    const expected = [
      400,
      { statusCode: 400, code: 'VALIDATION_FAILED', error: 'The request is not valid.', message: INVALID_CODE },
    ];
    expect(answers).toEqual([expected, expected, expected, expected]);
    // The right code of the confirmed address still shows 'Already Confirmed'.
    const again = await fromFreshIp(t.app)({
      method: 'POST',
      url: '/auth/confirm-code',
      body: { email: confirmed.email, code: confirmed.code },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_CONFIRMED', error: 'Already Confirmed' });
  });

  it('confirms with the 6-digit code', async () => {
    const { email, code, call } = await signUp();
    const res = await call({ method: 'POST', url: '/auth/confirm-code', body: { email, code } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      nextStep: 'set_password',
      passwordResetToken: expect.any(String),
    });
    const reused = await call({ method: 'POST', url: '/auth/confirm-code', body: { email, code } });
    expect(reused.statusCode).toBe(400);
  });

  it('kills the code after five wrong attempts', async () => {
    const { email, code, call } = await signUp();
    const wrongCode = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await call({ method: 'POST', url: '/auth/confirm-code', body: { email, code: wrongCode } });
      expect(res.statusCode).toBe(400);
      messages.push(res.json().message);
    }
    expect(new Set(messages)).toEqual(new Set([INVALID_CODE]));
    const right = await call({ method: 'POST', url: '/auth/confirm-code', body: { email, code } });
    expect(right.statusCode).toBe(400);
    expect((await userRow(email))?.user.emailVerifiedAt).toBeNull();
  });

  it('refuses an expired code while the link still works', async () => {
    const { email, code, token, call } = await signUp();
    const row = await userRow(email);
    await t.db
      .update(emailTokens)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, row?.user.id as string));
    expect((await call({ method: 'POST', url: '/auth/confirm-code', body: { email, code } })).statusCode).toBe(400);
    expect((await call({ method: 'POST', url: '/auth/confirm-email', body: { email, token } })).statusCode).toBe(200);
  });

  it.each([
    [{ email: 'a@b.io' }, 'code'],
    [{ email: 'a@b.io', code: '12345' }, 'code'],
    [{ email: 'a@b.io', code: '1234567' }, 'code'],
    [{ email: 'a@b.io', code: 'abcdef' }, 'code'],
    [{ email: 'a@b.io', code: 123456 }, 'code'],
    [{ code: '123456' }, 'email'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const res = await fromFreshIp(t.app)({ method: 'POST', url: '/auth/confirm-code', body });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('limits code attempts per (address, IP) pair with a 429; the owner from another IP goes on', async () => {
    const { email } = await signUp();
    const stranger = fromFreshIp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await stranger({ method: 'POST', url: '/auth/confirm-code', body: { email, code: '999999' } });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    // Five wrong codes used the code up; the owner asks for a new one and confirms from their own IP.
    const owner = fromFreshIp(t.app);
    expect((await owner({ method: 'POST', url: '/auth/resend-confirmation', body: { email } })).statusCode).toBe(200);
    const fresh = confirmationOf(lastMailTo(t.mails, email));
    const res = await owner({ method: 'POST', url: '/auth/confirm-code', body: { email, code: fresh.code } });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /auth/resend-confirmation', () => {
  it('mails a new code to a pending address and answers the same for unknown ones', async () => {
    const { email, code, call } = await signUp();
    const res = await call({ method: 'POST', url: '/auth/resend-confirmation', body: { email } });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    const fresh = confirmationOf(lastMailTo(t.mails, email));
    expect(fresh.token).not.toBe(code);
    const unknown = uniqueEmail('nobody');
    const other = await call({ method: 'POST', url: '/auth/resend-confirmation', body: { email: unknown } });
    expect(other.json()).toEqual(res.json());
    expect(mailsTo(t.mails, unknown)).toHaveLength(0);
  });

  it('sends nothing to a confirmed, active user', async () => {
    const account = await createAccount(t.db);
    const user = await createUser(t.db, account.id, { email: uniqueEmail('active') });
    const res = await fromFreshIp(t.app)({
      method: 'POST',
      url: '/auth/resend-confirmation',
      body: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    expect(mailsTo(t.mails, user.email)).toHaveLength(0);
  });

  it('limits resends per address', async () => {
    const { email } = await signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (await fromFreshIp(t.app)({ method: 'POST', url: '/auth/resend-confirmation', body: { email } })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('POST /auth/set-password', () => {
  async function confirmed() {
    const s = await signUp();
    const res = await s.call({ method: 'POST', url: '/auth/confirm-code', body: { email: s.email, code: s.code } });
    return { ...s, setToken: res.json().passwordResetToken as string };
  }

  it('sets the password with the confirmation token, activates the account and signs in', async () => {
    const { email, setToken, call } = await confirmed();
    const res = await call({
      method: 'POST',
      url: '/auth/set-password',
      body: { email, password: GOOD_PASSWORD, token: setToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      user: { email, role: 'manager', account: { status: 'active' } },
    });
    const cookie = res.cookies.find((c) => c.name === 'overlap_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const row = await userRow(email);
    expect(row?.account.activatedAt).toBeInstanceOf(Date);
    expect(row?.account.onboardingNextAction).toBe('onboarding');
    expect(row?.user.lastLogin).toBeInstanceOf(Date);
    const status = await fromFreshIp(t.app, `overlap_session=${cookie?.value}`)({ method: 'GET', url: '/auth/status' });
    expect(status.json().user.email).toBe(email);
    const login = await logIn(fromFreshIp(t.app), email, GOOD_PASSWORD);
    expect(login.statusCode).toBe(200);
  });

  it('refuses a reused token', async () => {
    const { email, setToken, call } = await confirmed();
    await call({
      method: 'POST',
      url: '/auth/set-password',
      body: { email, password: GOOD_PASSWORD, token: setToken },
    });
    const again = await call({
      method: 'POST',
      url: '/auth/set-password',
      body: { email, password: 'Other-pass-9!', token: setToken },
    });
    expect(again.statusCode).toBe(400);
    const login = await logIn(fromFreshIp(t.app), email, 'Other-pass-9!');
    expect(login.statusCode).toBe(401);
  });

  it('never sets a password from an address alone', async () => {
    const { email } = await confirmed();
    const res = await fromFreshIp(t.app)({
      method: 'POST',
      url: '/auth/set-password',
      body: { email, password: GOOD_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
    expect((await userRow(email))?.user.passwordHash).toBeNull();
  });

  it("refuses a token of another address and a signed-in user setting someone else's password", async () => {
    const a = await confirmed();
    const b = await confirmed();
    const crossed = await a.call({
      method: 'POST',
      url: '/auth/set-password',
      body: { email: b.email, password: GOOD_PASSWORD, token: a.setToken },
    });
    expect(crossed.statusCode).toBe(400);
    const account = await createAccount(t.db);
    const other = await createUser(t.db, account.id);
    const { sessionCookie } = await import('../../../test/factories.ts');
    const cookie = await sessionCookie(t.db, other.id);
    const res = await fromFreshIp(
      t.app,
      cookie,
    )({ method: 'POST', url: '/auth/set-password', body: { email: b.email, password: GOOD_PASSWORD } });
    expect(res.statusCode).toBe(403);
    expect((await userRow(b.email))?.user.passwordHash).toBeNull();
  });

  it('lets a signed-in user set their own password', async () => {
    const account = await createAccount(t.db);
    const user = await createUser(t.db, account.id, { email: uniqueEmail('self') });
    const { sessionCookie } = await import('../../../test/factories.ts');
    const cookie = await sessionCookie(t.db, user.id);
    const res = await fromFreshIp(
      t.app,
      cookie,
    )({ method: 'POST', url: '/auth/set-password', body: { email: user.email, password: GOOD_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const login = await logIn(fromFreshIp(t.app), user.email, GOOD_PASSWORD);
    expect(login.statusCode).toBe(200);
    const old = await logIn(fromFreshIp(t.app), user.email, TEST_PASSWORD);
    expect(old.statusCode).toBe(401);
  });

  it.each([
    ['short1!', 'at least 8'],
    ['longenough!', 'digit'],
    ['longenough1', 'special'],
    ['x1!'.repeat(100), 'at most 200'],
  ])('enforces the password rules: %s', async (password, message) => {
    const { email, setToken, call } = await confirmed();
    const res = await call({ method: 'POST', url: '/auth/set-password', body: { email, password, token: setToken } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({ field: 'password' });
    expect(res.json().details[0].message).toContain(message);
    expect((await userRow(email))?.user.passwordHash).toBeNull();
    expect((await userRow(email))?.account.status).toBe('pending');
  });

  it('a pending account cannot sign in before its password is set', async () => {
    const { email } = await confirmed();
    const res = await logIn(fromFreshIp(t.app), email, GOOD_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Login failed. Please check your credentials.');
  });
});
