import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import { createUser, sessionCookie, signedInManager, TEST_PASSWORD } from '../../../test/factories.ts';
import { users } from '../../db/schema/users.ts';

const t = useTestApp();

describe('GET /api/v1/profile/my-info', () => {
  it('returns email, role, last login and creation date of the signed-in user', async () => {
    const { account } = await signedInManager(t.db);
    const member = await createUser(t.db, account.id, { role: 'user' });
    const never = await client(
      t.app,
      await sessionCookie(t.db, member.id),
    )({ method: 'GET', url: '/api/v1/profile/my-info' });
    expect(never.json()).toMatchObject({
      id: member.id,
      email: member.email,
      role: 'user',
      lastLogin: null,
      accountName: account.name,
    });
    await client(t.app)({ method: 'POST', url: '/auth/login', body: { email: member.email, password: TEST_PASSWORD } });
    const res = await client(
      t.app,
      await sessionCookie(t.db, member.id),
    )({ method: 'GET', url: '/api/v1/profile/my-info' });
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(res.json().lastLogin).toBe(row?.lastLogin?.toISOString());
    expect(res.json().createdAt).toBe(row?.createdAt.toISOString());
    expect(JSON.stringify(res.json())).not.toMatch(/password/i);
  });

  it('answers 401 without a session', async () => {
    expect((await client(t.app)({ method: 'GET', url: '/api/v1/profile/my-info' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/v1/profile/preferences', () => {
  it('saves the time format and timezone of the signed-in user only, and null goes back to the browser', async () => {
    const { account, cookie, user } = await signedInManager(t.db);
    const other = await createUser(t.db, account.id, { role: 'user' });
    const call = client(t.app, cookie);
    const saved = await call({
      method: 'PATCH',
      url: '/api/v1/profile/preferences',
      body: { timeFormat: '24h', timeZone: 'Europe/Lisbon' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: user.id, timeFormat: '24h', timeZone: 'Europe/Lisbon' });
    const partly = await call({ method: 'PATCH', url: '/api/v1/profile/preferences', body: { timeFormat: '12h' } });
    expect(partly.json()).toMatchObject({ timeFormat: '12h', timeZone: 'Europe/Lisbon' });
    const reset = await call({ method: 'PATCH', url: '/api/v1/profile/preferences', body: { timeZone: null } });
    expect(reset.json()).toMatchObject({ timeFormat: '12h', timeZone: null });
    const [untouched] = await t.db.select().from(users).where(eq(users.id, other.id));
    expect([untouched?.timeFormat, untouched?.timeZone]).toEqual([null, null]);
  });

  it('refuses an unknown format or timezone with 400 naming the field, and changes nothing', async () => {
    const { cookie, user } = await signedInManager(t.db);
    const call = client(t.app, cookie);
    const badFormat = await call({ method: 'PATCH', url: '/api/v1/profile/preferences', body: { timeFormat: '25h' } });
    expect(badFormat.statusCode).toBe(400);
    expect(JSON.stringify(badFormat.json())).toContain('timeFormat');
    const badZone = await call({
      method: 'PATCH',
      url: '/api/v1/profile/preferences',
      body: { timeZone: 'Mars/Base' },
    });
    expect(badZone.statusCode).toBe(400);
    expect(JSON.stringify(badZone.json())).toContain('timeZone');
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect([row?.timeFormat, row?.timeZone]).toEqual([null, null]);
  });
});
