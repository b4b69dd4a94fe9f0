import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Caller, client, useTestApp } from '../../../test/app.ts';
import { invitationTokenOf, lastMailTo, mailsTo, uniqueEmail } from '../../../test/factories/auth.ts';
import { createAccount, createUser, sessionCookie } from '../../../test/factories.ts';
import { invitations, sessions, users } from '../../db/schema/users.ts';

const t = useTestApp();

type Actor = 'user' | 'manager' | 'superadmin' | 'otherManager' | 'anonymous';

interface World {
  accountId: string;
  manager: { id: string; email: string };
  member: { id: string; email: string };
  pending: { id: string; email: string };
  callers: Record<Actor, Caller>;
}

async function world(): Promise<World> {
  const account = await createAccount(t.db, { plan: 'business' });
  const manager = await createUser(t.db, account.id, { role: 'manager' });
  const member = await createUser(t.db, account.id, { role: 'user' });
  const admin = await createUser(t.db, account.id, { role: 'superadmin' });
  const other = await createAccount(t.db);
  const otherManager = await createUser(t.db, other.id, { role: 'manager' });
  const managerCall = client(t.app, await sessionCookie(t.db, manager.id));
  const invite = await managerCall({
    method: 'POST',
    url: '/api/v1/users/invite',
    body: { email: uniqueEmail('pending'), role: 'user' },
  });
  const pending = invite.json().user;
  return {
    accountId: account.id,
    manager,
    member,
    pending,
    callers: {
      manager: managerCall,
      user: client(t.app, await sessionCookie(t.db, member.id)),
      superadmin: client(t.app, await sessionCookie(t.db, admin.id)),
      otherManager: client(t.app, await sessionCookie(t.db, otherManager.id)),
      anonymous: client(t.app),
    },
  };
}

/** Every user row and invitation of the account, to prove a refused call changed nothing. */
async function snapshot(accountId: string) {
  const u = await t.db.select().from(users).where(eq(users.accountId, accountId)).orderBy(users.id);
  const i = await t.db.select().from(invitations).where(eq(invitations.accountId, accountId)).orderBy(invitations.id);
  return JSON.stringify({ u, i });
}

describe('GET /api/v1/users', () => {
  it('lists members with role, verification and pending invitations with their resend time', async () => {
    const w = await world();
    const res = await w.callers.manager({ method: 'GET', url: '/api/v1/users' });
    expect(res.statusCode).toBe(200);
    const list = res.json().users as Array<Record<string, unknown>>;
    expect(list).toHaveLength(4);
    const pending = list.find((u) => u.id === w.pending.id);
    expect(pending).toMatchObject({
      role: 'user',
      emailVerifiedAt: null,
      invitation: { expiresAt: expect.any(String) },
    });
    expect(Date.parse(pending?.canResendAt as string) - Date.now()).toBeGreaterThan(50_000);
    const member = list.find((u) => u.id === w.member.id);
    expect(member).toMatchObject({ role: 'user', invitation: null, canResendAt: null });
    expect(member?.emailVerifiedAt).toEqual(expect.any(String));
    expect(JSON.stringify(list)).not.toMatch(/password|tokenHash|token_hash/i);
  });

  it.each([
    ['user', 200],
    ['superadmin', 200],
    ['anonymous', 401],
  ] as const)('answers %s with %i', async (actor, status) => {
    const w = await world();
    expect((await w.callers[actor]({ method: 'GET', url: '/api/v1/users' })).statusCode).toBe(status);
  });

  it("shows another account's manager only their own account", async () => {
    const w = await world();
    const res = await w.callers.otherManager({ method: 'GET', url: '/api/v1/users' });
    expect(res.json().users.map((u: { id: string }) => u.id)).not.toContain(w.member.id);
  });
});

describe('role matrix of the user-management calls', () => {
  type Call = { name: string; run: (w: World, c: Caller) => Promise<{ statusCode: number }>; ok: number };
  const calls: Call[] = [
    {
      name: 'invite',
      ok: 201,
      run: (_w, c) =>
        c({ method: 'POST', url: '/api/v1/users/invite', body: { email: uniqueEmail('matrix'), role: 'user' } }),
    },
    {
      name: 'promote',
      ok: 200,
      run: (w, c) => c({ method: 'PATCH', url: `/api/v1/users/${w.member.id}/role`, body: { role: 'manager' } }),
    },
    {
      name: 'disable',
      ok: 200,
      run: (w, c) => c({ method: 'PATCH', url: `/api/v1/users/${w.member.id}/role`, body: { role: 'disabled' } }),
    },
    {
      name: 'delete invitation',
      ok: 200,
      run: (w, c) => c({ method: 'DELETE', url: `/api/v1/users/${w.pending.id}` }),
    },
  ];
  const refusals: Array<[Actor, number]> = [
    ['user', 403],
    ['otherManager', 404],
    ['anonymous', 401],
  ];

  for (const call of calls) {
    for (const actor of ['manager', 'superadmin'] as const) {
      it(`${call.name}: ${actor} may`, async () => {
        const w = await world();
        expect((await call.run(w, w.callers[actor])).statusCode).toBe(call.ok);
      });
    }
    for (const [actor, status] of refusals) {
      if (call.name === 'invite' && actor === 'otherManager') continue;
      it(`${call.name}: ${actor} is refused with ${status} and nothing changes`, async () => {
        const w = await world();
        const before = await snapshot(w.accountId);
        const mailCount = t.mails.length;
        const res = await call.run(w, w.callers[actor]);
        expect(res.statusCode).toBe(status);
        expect(await snapshot(w.accountId)).toBe(before);
        expect(t.mails.length).toBe(mailCount);
      });
    }
  }

  it("resend: only managers and superadmins of the account (another account's manager gets 404)", async () => {
    const w = await world();
    await t.db
      .update(invitations)
      .set({ lastSentAt: new Date(Date.now() - 61_000) })
      .where(eq(invitations.userId, w.pending.id));
    for (const [actor, status] of [...refusals, ['manager', 200], ['superadmin', 429]] as Array<[Actor, number]>) {
      const res = await w.callers[actor]({ method: 'POST', url: `/api/v1/users/${w.pending.id}/resend-invitation` });
      expect(res.statusCode, actor).toBe(status);
    }
  });
});

describe('POST /api/v1/users/invite', () => {
  it('creates a pending user and an invitation and mails a link valid for 7 days', async () => {
    const w = await world();
    const email = uniqueEmail('new');
    const res = await w.callers.manager({
      method: 'POST',
      url: '/api/v1/users/invite',
      body: { email: `  ${email.toUpperCase()}  `, role: 'manager' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email, role: 'manager', emailVerifiedAt: null });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({
      passwordHash: null,
      emailVerifiedAt: null,
      invitedByUserId: w.manager.id,
      accountId: w.accountId,
    });
    const [inv] = await t.db
      .select()
      .from(invitations)
      .where(eq(invitations.userId, row?.id as string));
    const days = ((inv?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const mail = lastMailTo(t.mails, email);
    expect(mail.text).toContain('This invitation is valid for 7 days.');
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/invitations\/[A-Za-z0-9_-]+\/accept/);
    expect(inv?.tokenHash).not.toBe(invitationTokenOf(mail));
  });

  it('answers 409 for an address already in the team (the manager sees it in the list)', async () => {
    const w = await world();
    for (const email of [w.member.email, w.pending.email]) {
      const before = await snapshot(w.accountId);
      const res = await w.callers.manager({
        method: 'POST',
        url: '/api/v1/users/invite',
        body: { email, role: 'user' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('A user with this email address is already in your team.');
      expect(await snapshot(w.accountId)).toBe(before);
    }
  });

  it('answers an address of another account exactly as a new one, stores nothing and tells its owner', async () => {
    const w = await world();
    const other = await createAccount(t.db);
    const elsewhere = await createUser(t.db, other.id, { email: uniqueEmail('elsewhere') });
    const fresh = uniqueEmail('fresh');
    const before = await snapshot(w.accountId);
    const answer = async (email: string) => {
      const res = await w.callers.manager({
        method: 'POST',
        url: '/api/v1/users/invite',
        body: { email, role: 'user' },
      });
      const body = res.json();
      return {
        status: res.statusCode,
        keys: Object.keys(body.user).sort(),
        shape: {
          ...body,
          message: 'x',
          user: {
            ...body.user,
            id: 'x',
            email: 'x',
            createdAt: 'x',
            updatedAt: 'x',
            invitation: 'x',
            canResendAt: 'x',
          },
        },
        message: body.message.replace(email, '<email>'),
      };
    };
    const taken = await answer(elsewhere.email);
    const snapshotAfterTaken = await snapshot(w.accountId);
    const created = await answer(fresh);
    expect(taken).toEqual(created);
    expect(taken.status).toBe(201);
    expect(snapshotAfterTaken).toBe(before);
    const [row] = await t.db.select().from(users).where(eq(users.id, elsewhere.id));
    expect(row?.accountId).toBe(other.id);
    expect(lastMailTo(t.mails, elsewhere.email).subject).toMatch(/invited you to Overlap$/);
    expect(lastMailTo(t.mails, fresh).subject).toMatch(/^You're invited to join /);
  });
  it.each([
    [{ email: '', role: 'user' }, 'email'],
    [{ email: '   ', role: 'user' }, 'email'],
    [{ email: 'nope', role: 'user' }, 'email'],
    [{ email: `${'x'.repeat(260)}@a.io`, role: 'user' }, 'email'],
    [{ email: 'a@b.io', role: 'superadmin' }, 'role'],
    [{ email: 'a@b.io', role: 'disabled' }, 'role'],
    [{ email: 'a@b.io' }, 'role'],
    [{ role: 'user' }, 'email'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const w = await world();
    const before = await snapshot(w.accountId);
    const res = await w.callers.manager({ method: 'POST', url: '/api/v1/users/invite', body });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await snapshot(w.accountId)).toBe(before);
  });
});

describe('POST /api/v1/users/:id/resend-invitation', () => {
  it('refuses within 60 seconds with a 429 carrying the seconds left, then sends a new link', async () => {
    const w = await world();
    const first = invitationTokenOf(lastMailTo(t.mails, w.pending.email));
    const early = await w.callers.manager({ method: 'POST', url: `/api/v1/users/${w.pending.id}/resend-invitation` });
    expect(early.statusCode).toBe(429);
    expect(early.json().retryAfterSeconds).toBeGreaterThan(50);
    expect(early.json().message).toMatch(/^Please wait \d+ seconds before resending\.$/);
    expect(mailsTo(t.mails, w.pending.email)).toHaveLength(1);

    await t.db
      .update(invitations)
      .set({ lastSentAt: new Date(Date.now() - 61_000) })
      .where(eq(invitations.userId, w.pending.id));
    const res = await w.callers.manager({ method: 'POST', url: `/api/v1/users/${w.pending.id}/resend-invitation` });
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.json().user.canResendAt) - Date.now()).toBeGreaterThan(55_000);
    const second = invitationTokenOf(lastMailTo(t.mails, w.pending.email));
    expect(second).not.toBe(first);
    expect((await client(t.app)({ method: 'GET', url: `/api/v1/invitations/${first}` })).statusCode).toBe(404);
    expect((await client(t.app)({ method: 'GET', url: `/api/v1/invitations/${second}` })).statusCode).toBe(200);
  });

  it('answers 409 for a user who already joined, and 404 for unknown ids', async () => {
    const w = await world();
    expect(
      (await w.callers.manager({ method: 'POST', url: `/api/v1/users/${w.member.id}/resend-invitation` })).statusCode,
    ).toBe(409);
    expect(
      (
        await w.callers.manager({
          method: 'POST',
          url: '/api/v1/users/00000000-0000-4000-8000-000000000000/resend-invitation',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await w.callers.manager({ method: 'POST', url: '/api/v1/users/not-a-uuid/resend-invitation' })).statusCode,
    ).toBe(400);
  });
});

describe('PATCH /api/v1/users/:id/role', () => {
  it('promotes, demotes, disables and enables', async () => {
    const w = await world();
    const url = `/api/v1/users/${w.member.id}/role`;
    for (const role of ['manager', 'user', 'disabled', 'user'] as const) {
      const res = await w.callers.manager({ method: 'PATCH', url, body: { role } });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.role).toBe(role);
    }
  });

  it('keeps at least one active manager', async () => {
    const w = await world();
    const before = await snapshot(w.accountId);
    for (const role of ['user', 'disabled'] as const) {
      const res = await w.callers.superadmin({
        method: 'PATCH',
        url: `/api/v1/users/${w.manager.id}/role`,
        body: { role },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/at least one active manager/);
    }
    const self = await w.callers.manager({
      method: 'PATCH',
      url: `/api/v1/users/${w.manager.id}/role`,
      body: { role: 'user' },
    });
    expect(self.statusCode).toBe(409);
    expect(await snapshot(w.accountId)).toBe(before);
  });

  it('lets a manager step down once another manager exists', async () => {
    const w = await world();
    await w.callers.manager({ method: 'PATCH', url: `/api/v1/users/${w.member.id}/role`, body: { role: 'manager' } });
    const res = await w.callers.manager({
      method: 'PATCH',
      url: `/api/v1/users/${w.manager.id}/role`,
      body: { role: 'user' },
    });
    expect(res.statusCode).toBe(200);
    const after = await w.callers.manager({ method: 'GET', url: '/api/v1/users' });
    expect(after.statusCode).toBe(200);
    expect(
      (
        await w.callers.manager({
          method: 'POST',
          url: '/api/v1/users/invite',
          body: { email: uniqueEmail(), role: 'user' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses to change a pending invitation, an operator, or disable oneself', async () => {
    const w = await world();
    const before = await snapshot(w.accountId);
    const pending = await w.callers.manager({
      method: 'PATCH',
      url: `/api/v1/users/${w.pending.id}/role`,
      body: { role: 'manager' },
    });
    expect(pending.statusCode).toBe(409);
    const list = (await w.callers.manager({ method: 'GET', url: '/api/v1/users' })).json().users as Array<{
      id: string;
      role: string;
    }>;
    const admin = list.find((u) => u.role === 'superadmin');
    const op = await w.callers.manager({
      method: 'PATCH',
      url: `/api/v1/users/${admin?.id}/role`,
      body: { role: 'user' },
    });
    expect(op.statusCode).toBe(403);
    await w.callers.manager({ method: 'PATCH', url: `/api/v1/users/${w.member.id}/role`, body: { role: 'manager' } });
    const self = await w.callers.manager({
      method: 'PATCH',
      url: `/api/v1/users/${w.manager.id}/role`,
      body: { role: 'disabled' },
    });
    expect(self.statusCode).toBe(409);
    await w.callers.manager({ method: 'PATCH', url: `/api/v1/users/${w.member.id}/role`, body: { role: 'user' } });
    expect(await snapshot(w.accountId)).not.toBe('');
    expect(JSON.parse(await snapshot(w.accountId)).u.length).toBe(JSON.parse(before).u.length);
  });

  it.each([[{ role: 'superadmin' }], [{ role: 'owner' }], [{}], [{ role: 7 }]])('refuses %j with 400', async (body) => {
    const w = await world();
    const res = await w.callers.manager({ method: 'PATCH', url: `/api/v1/users/${w.member.id}/role`, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('role');
  });

  it('ends the sessions of a disabled user; they cannot sign in', async () => {
    const w = await world();
    const cookie = await sessionCookie(t.db, w.member.id);
    await w.callers.manager({ method: 'PATCH', url: `/api/v1/users/${w.member.id}/role`, body: { role: 'disabled' } });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, w.member.id))).toHaveLength(0);
    expect((await client(t.app, cookie)({ method: 'GET', url: '/auth/status' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/v1/users/:id', () => {
  it('deletes a pending invitation; its link stops working', async () => {
    const w = await world();
    const token = invitationTokenOf(lastMailTo(t.mails, w.pending.email));
    const res = await w.callers.manager({ method: 'DELETE', url: `/api/v1/users/${w.pending.id}` });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, w.pending.id))).toHaveLength(0);
    expect((await client(t.app)({ method: 'GET', url: `/api/v1/invitations/${token}` })).statusCode).toBe(404);
  });

  it('refuses to delete a user who joined (409) and unknown ids (404)', async () => {
    const w = await world();
    const res = await w.callers.manager({ method: 'DELETE', url: `/api/v1/users/${w.member.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Only pending invitations/);
    expect(await t.db.select().from(users).where(eq(users.id, w.member.id))).toHaveLength(1);
    expect(
      (await w.callers.manager({ method: 'DELETE', url: '/api/v1/users/00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
  });
});

beforeEach(() => {
  t.mails.length = 0;
});
