import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import { people } from '../../db/schema/activity.ts';

const t = useTestApp();

const HOUR = 3_600_000;

async function addPeople(
  accountId: string,
  rows: {
    name?: string | null;
    email?: string;
    ident: string;
    status?: 'active' | 'unassigned';
    seenHoursAgo?: number;
  }[],
) {
  return t.db
    .insert(people)
    .values(
      rows.map((r, i) => ({
        accountId,
        name: r.name ?? null,
        email: r.email ?? null,
        personIdentifier: r.ident,
        status: r.status ?? ('unassigned' as const),
        lastSeenAt: r.seenHoursAgo === undefined ? null : new Date(Date.now() - r.seenHoursAgo * HOUR),
        createdAt: new Date(Date.now() - (rows.length - i) * HOUR),
      })),
    )
    .returning({ id: people.id, name: people.name, ident: people.personIdentifier });
}

const names = (body: { people?: { name: string | null }[]; users?: { name: string | null }[] }) =>
  (body.people ?? body.users ?? []).map((p) => p.name);

describe('people lists at scale', () => {
  it('search name, e-mail or identifier and sort by name, last seen or creation', async () => {
    const { account, cookie } = await signedInManager(t.db, { plan: 'business' });
    await addPeople(account.id, [
      { name: 'Ana Ferreira', email: 'ana@lanterns.io', ident: 'U1', status: 'active', seenHoursAgo: 5 },
      { name: 'Bruno Costa', email: 'bruno@lanterns.io', ident: 'ana-bot', status: 'active', seenHoursAgo: 1 },
      { name: 'Chen Wei', email: 'chen@other.io', ident: 'U3', status: 'active' },
      { name: '100% Sure', ident: 'U4', status: 'active', seenHoursAgo: 2 },
    ]);
    const call = client(t.app, cookie);
    const get = async (query: string) =>
      (await call({ method: 'GET', url: `/api/v1/people?status=active&${query}` })).json();

    expect(names(await get('q=ANA'))).toEqual(['Ana Ferreira', 'Bruno Costa']);
    expect((await get('q=ANA')).pagination.totalCount).toBe(2);
    expect(names(await get('q=lanterns.io'))).toEqual(['Ana Ferreira', 'Bruno Costa']);
    expect(names(await get('q=%25'))).toEqual(['100% Sure']);
    expect(names(await get('q=nobody'))).toEqual([]);
    expect(names(await get('sort=name'))).toEqual(['100% Sure', 'Ana Ferreira', 'Bruno Costa', 'Chen Wei']);
    expect(names(await get('sort=lastSeen'))).toEqual(['Bruno Costa', '100% Sure', 'Ana Ferreira', 'Chen Wei']);
    expect(names(await get('sort=created'))).toEqual(['100% Sure', 'Chen Wei', 'Bruno Costa', 'Ana Ferreira']);

    const bad = await call({ method: 'GET', url: '/api/v1/people?sort=age' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('sort');
    const long = await call({ method: 'GET', url: `/api/v1/people?q=${'x'.repeat(101)}` });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('q');
  });

  it('search the unassigned tab too', async () => {
    const { account, cookie } = await signedInManager(t.db, { plan: 'business' });
    await addPeople(account.id, [
      { name: 'Deploy Bot', ident: 'bot-1' },
      { name: 'Nadia Newhire', ident: 'U9' },
    ]);
    const res = await client(t.app, cookie)({ method: 'GET', url: '/api/v1/unassigned?q=bot' });
    expect(names(res.json())).toEqual(['Deploy Bot']);
  });
});

describe('POST /api/v1/unassigned/bulk', () => {
  it("'Activate all' activates every unassigned person, named by name, e-mail or identifier", async () => {
    const { account, cookie } = await signedInManager(t.db, { plan: 'business' });
    await addPeople(account.id, [
      { name: 'Nadia', ident: 'U1' },
      { email: 'omar@lanterns.io', ident: 'U2' },
      { ident: 'U3' },
    ]);
    const res = await client(
      t.app,
      cookie,
    )({ method: 'POST', url: '/api/v1/unassigned/bulk', body: { action: 'activate', all: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, action: 'activate', count: 3 });
    const rows = await t.db.select().from(people).where(eq(people.accountId, account.id));
    expect(rows.map((r) => [r.name, r.status]).sort()).toEqual([
      ['Nadia', 'active'],
      ['U3', 'active'],
      ['omar@lanterns.io', 'active'],
    ]);
  });

  it('refuses the whole activation when the plan has no room for all, and changes nothing', async () => {
    const { account, cookie } = await signedInManager(t.db, { plan: 'free' });
    await addPeople(account.id, [
      { name: 'A1', ident: 'a1', status: 'active' },
      { name: 'A2', ident: 'a2', status: 'active' },
      { name: 'A3', ident: 'a3', status: 'active' },
    ]);
    const waiting = await addPeople(account.id, [
      { name: 'N1', ident: 'n1' },
      { name: 'N2', ident: 'n2' },
      { name: 'N3', ident: 'n3' },
    ]);
    const call = client(t.app, cookie);
    const res = await call({ method: 'POST', url: '/api/v1/unassigned/bulk', body: { action: 'activate', all: true } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Your plan allows 5 active people and has room for 2 more; 3 were chosen. Nobody was activated. Upgrade your plan or activate fewer people.',
    );
    const count = async () =>
      (
        await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from people where account_id = ${account.id} and status = 'active'`,
        )
      ).rows[0]?.n;
    expect(await count()).toBe(3);
    const two = await call({
      method: 'POST',
      url: '/api/v1/unassigned/bulk',
      body: { action: 'activate', ids: waiting.slice(0, 2).map((w) => w.id) },
    });
    expect(two.json()).toEqual({ success: true, action: 'activate', count: 2 });
    expect(await count()).toBe(5);
  });

  it("'Ignore selected' ignores the chosen people; foreign ids are a 404 and change nothing", async () => {
    const { account, cookie } = await signedInManager(t.db, { plan: 'business' });
    const other = await signedInManager(t.db, { plan: 'business' });
    const [bot, spam, keep] = await addPeople(account.id, [
      { name: 'Bot', ident: 'bot' },
      { name: 'Spam', ident: 'spam' },
      { name: 'Keep', ident: 'keep' },
    ]);
    const [foreign] = await addPeople(other.account.id, [{ name: 'Foreign', ident: 'f' }]);
    if (!bot || !spam || !keep || !foreign) throw new Error('people not created');
    const call = client(t.app, cookie);

    const refused = await call({
      method: 'POST',
      url: '/api/v1/unassigned/bulk',
      body: { action: 'ignore', ids: [bot.id, foreign.id] },
    });
    expect(refused.statusCode).toBe(404);
    const statuses = async (accountId: string) =>
      (await t.db.select().from(people).where(eq(people.accountId, accountId))).map((p) => [p.name, p.status]).sort();
    expect(await statuses(account.id)).toEqual([
      ['Bot', 'unassigned'],
      ['Keep', 'unassigned'],
      ['Spam', 'unassigned'],
    ]);

    const res = await call({
      method: 'POST',
      url: '/api/v1/unassigned/bulk',
      body: { action: 'ignore', ids: [bot.id, spam.id] },
    });
    expect(res.json()).toEqual({ success: true, action: 'ignore', count: 2 });
    expect(await statuses(account.id)).toEqual([
      ['Bot', 'ignored'],
      ['Keep', 'unassigned'],
      ['Spam', 'ignored'],
    ]);
    expect(await statuses(other.account.id)).toEqual([['Foreign', 'unassigned']]);
  });

  it('is for managers, and names the field of a bad body', async () => {
    const { account } = await signedInManager(t.db, { plan: 'business' });
    const member = await createUser(t.db, account.id, { role: 'user' });
    const asMember = client(t.app, await sessionCookie(t.db, member.id));
    expect(
      (await asMember({ method: 'POST', url: '/api/v1/unassigned/bulk', body: { action: 'activate', all: true } }))
        .statusCode,
    ).toBe(403);
    const { cookie } = await signedInManager(t.db, { plan: 'business' });
    const call = client(t.app, cookie);
    for (const [body, field] of [
      [{ action: 'delete', all: true }, 'action'],
      [{ action: 'ignore' }, 'ids'],
      [{ action: 'ignore', ids: [] }, 'ids'],
      [{ action: 'ignore', ids: ['not-a-uuid'] }, 'ids'],
    ] as const) {
      const res = await call({ method: 'POST', url: '/api/v1/unassigned/bulk', body });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    }
  });
});
