import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, sessionCookie, signedInManager, TEST_PASSWORD } from '../../../test/factories.ts';
import { users } from '../../db/schema/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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
