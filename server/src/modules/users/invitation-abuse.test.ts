import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import {
  confirmationOf,
  fromFreshIp,
  lastMailTo,
  mailsTo,
  uniqueEmail,
  userWithAccount,
} from '../../../test/factories/auth.ts';
import { createAccount, createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import { auditLog } from '../../db/schema/accounts.ts';
import { invitations, users } from '../../db/schema/users.ts';

const t = useTestApp();

const invite = (cookie: string, email: string) =>
  client(t.app, cookie)({ method: 'POST', url: '/api/v1/users/invite', body: { email, role: 'user' } });

const userOf = (email: string) => userWithAccount(t.db, email);

describe('an invitation never hides a sign-up', () => {
  it("a stranger's invitation does not stop the invitee signing up on their own", async () => {
    const stranger = await signedInManager(t.db, { plan: 'business' });
    const victim = uniqueEmail('victim');
    expect((await invite(stranger.cookie, victim)).statusCode).toBe(201);

    const signup = await fromFreshIp(t.app)({ method: 'POST', url: '/auth/signup', body: { email: victim } });
    expect(signup.statusCode).toBe(200);
    const { code } = confirmationOf(lastMailTo(t.mails, victim));
    const own = await userOf(victim);
    expect(own?.account.id).not.toBe(stranger.account.id);
    expect(own?.account.status).toBe('pending');
    expect(own?.user.role).toBe('manager');
    const left = await t.db.select().from(invitations).where(eq(invitations.accountId, stranger.account.id));
    expect(left).toEqual([]);
    const [withdrawn] = await t.db
      .select({ action: auditLog.action, targetId: auditLog.targetId })
      .from(auditLog)
      .where(and(eq(auditLog.accountId, stranger.account.id), eq(auditLog.action, 'user.invitation_withdrawn')));
    expect(withdrawn?.action).toBe('user.invitation_withdrawn');

    const confirmed = await fromFreshIp(t.app)({
      method: 'POST',
      url: '/auth/confirm-code',
      body: { email: victim, code },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().nextStep).toBe('set_password');
  });

  it('a sign-up of an address that joined a team still only gets the already-registered mail', async () => {
    const team = await createAccount(t.db);
    const member = await createUser(t.db, team.id, { email: uniqueEmail('member') });
    const before = mailsTo(t.mails, member.email).length;
    const res = await fromFreshIp(t.app)({ method: 'POST', url: '/auth/signup', body: { email: member.email } });
    expect(res.statusCode).toBe(200);
    expect(mailsTo(t.mails, member.email).length).toBe(before + 1);
    expect(lastMailTo(t.mails, member.email).subject).toBe('You already have an Overlap account');
    expect((await userOf(member.email))?.account.id).toBe(team.id);
  });
});

describe('invitations are rate-limited', () => {
  it('50 an hour per account: the 51st answers 429 and stores nothing', async () => {
    const { account, cookie } = await signedInManager(t.db, { plan: 'business' });
    // Addresses of another account: each answers like a new invitation, and none takes a seat.
    const elsewhere = await createAccount(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 51; i += 1) {
      const member = await createUser(t.db, elsewhere.id, { email: uniqueEmail(`e${i}`), password: null });
      statuses.push((await invite(cookie, member.email)).statusCode);
    }
    expect(statuses).toEqual([...Array(50).fill(201), 429]);
    const fresh = uniqueEmail('fresh');
    const refused = await invite(cookie, fresh);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await userOf(fresh)).toBeUndefined();
    expect(mailsTo(t.mails, fresh)).toEqual([]);
    const rows = await t.db.select().from(users).where(eq(users.accountId, account.id));
    expect(rows).toHaveLength(1);
  });

  it('5 a day per address, whichever accounts invite it', async () => {
    const target = uniqueEmail('target');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const { cookie } = await signedInManager(t.db, { plan: 'business' });
      statuses.push((await invite(cookie, target)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(mailsTo(t.mails, target)).toHaveLength(5);
  });
});

describe('an invitation of a registered address tells nothing', () => {
  it('the inviting manager cannot tell a registered address from a new one by the answer', async () => {
    const inviter = await signedInManager(t.db, { plan: 'business' });
    const elsewhere = await createAccount(t.db);
    const registered = await createUser(t.db, elsewhere.id, { email: uniqueEmail('reg') });
    const [a, b] = [await invite(inviter.cookie, registered.email), await invite(inviter.cookie, uniqueEmail('new'))];
    expect(a.statusCode).toBe(b.statusCode);
    expect(Object.keys(a.json().user).sort()).toEqual(Object.keys(b.json().user).sort());
    expect(a.json().user).toMatchObject({ role: 'user', emailVerifiedAt: null, lastLogin: null });
    expect(b.json().user).toMatchObject({ role: 'user', emailVerifiedAt: null, lastLogin: null });
    // The operator's own session is unaffected and the registered user is where they were.
    const [row] = await t.db.select().from(users).where(eq(users.id, registered.id));
    expect(row?.accountId).toBe(elsewhere.id);
    expect(await sessionCookie(t.db, registered.id)).toMatch(/^overlap_session=/);
  });
});
