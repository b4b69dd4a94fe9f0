import type { PeopleList, PersonActionResult, PersonDetail, UsersList } from '@overlap/contract/people';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import {
  createBlock,
  createEvent,
  createIntegration,
  createPerson,
  createRollup,
  createTrackedPerson,
  linkPerson,
} from '../../../test/factories/activity.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import { activityBlocks, people } from '../../db/schema/activity.ts';
import { addDays } from '../../lib/zoned-time.ts';

const t = useTestApp();

const call = async <T = { message: string; code: string }>(
  cookie: string | undefined,
  method: string,
  url: string,
  body?: unknown,
) => {
  const res = await client(t.app, cookie)({ method: method as 'GET', url, body: body as object | undefined });
  return { status: res.statusCode, body: res.json() as T };
};
const personRow = async (id: string) => (await t.db.select().from(people).where(eq(people.id, id)))[0];

describe('people lists', () => {
  it('pages the people of the account by status, with the pagination object', async () => {
    const { account, cookie } = await signedInManager(t.db);
    for (let i = 0; i < 5; i++) await createPerson(t.db, account.id, { name: `Active ${i}` });
    await createPerson(t.db, account.id, { name: 'Waiting', status: 'unassigned' });
    await createPerson(t.db, (await signedInManager(t.db)).account.id, { name: 'Stranger' });
    const page2 = await call<PeopleList>(cookie, 'GET', '/api/v1/people?status=active&page=2&limit=2');
    expect(page2.status).toBe(200);
    expect(page2.body.people.map((p) => p.name)).toEqual(['Active 2', 'Active 3']);
    expect(page2.body.pagination).toEqual({
      page: 2,
      limit: 2,
      totalCount: 5,
      totalPages: 3,
      hasNextPage: true,
      hasPreviousPage: true,
    });
    const all = await call<PeopleList>(cookie, 'GET', '/api/v1/people');
    expect(all.body.pagination).toMatchObject({ page: 1, limit: 20, totalCount: 6, hasNextPage: false });
    expect(all.body.people[0]).toMatchObject({
      status: 'active',
      timezone: 'UTC',
      timezoneSettings: { automatic: null, manual: null },
      details: { lastSeenAt: null },
      _count: { activityBlocks: 0, activityEvents: 0 },
    });
    expect((await call(cookie, 'GET', '/api/v1/people?limit=101')).status).toBe(400);
    const badStatus = await call(cookie, 'GET', '/api/v1/people?status=merged');
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.message).toContain('status');
  });

  it('lists unassigned (default 10) and ignored (default 20) users with activity counts and integrations', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const slack = await createIntegration(t.db, account.id, { name: 'Slack', color: '#4a154b', provider: 'slack' });
    const { person, pi } = await createTrackedPerson(t.db, account.id, { name: 'New', status: 'unassigned' }, slack);
    await createBlock(t.db, pi, '2025-05-05T09:00:00Z', '2025-05-05T10:00:00Z');
    await createEvent(t.db, pi, '2025-05-05T09:30:00Z');
    await createEvent(t.db, pi, '2025-05-05T09:40:00Z');
    for (let i = 0; i < 11; i++)
      await createPerson(t.db, account.id, { name: `U${String(i).padStart(2, '0')}`, status: 'unassigned' });
    await createPerson(t.db, account.id, { name: 'Gone', status: 'ignored' });
    const unassigned = await call<UsersList>(cookie, 'GET', '/api/v1/unassigned');
    expect(unassigned.body.pagination).toMatchObject({ page: 1, limit: 10, totalCount: 12, totalPages: 2 });
    const card = unassigned.body.users.find((u) => u.id === person.id);
    expect(card).toMatchObject({ name: 'New', activityCount: 3, personIdentifier: person.personIdentifier });
    expect(card?.personIntegrations[0]).toMatchObject({
      id: pi.id,
      externalId: pi.externalId,
      integration: { id: slack.id, name: 'Slack', provider: 'slack', color: '#4a154b' },
      _count: { activityBlocks: 1, activityEvents: 2 },
    });
    const ignored = await call<UsersList>(cookie, 'GET', '/api/v1/ignored');
    expect(ignored.body.pagination).toMatchObject({ limit: 20, totalCount: 1 });
    expect(ignored.body.users[0]?.name).toBe('Gone');
    expect(ignored.body.users[0]?.mergeSuggestion).toBeNull();
  });

  it('offers an unassigned identity whose e-mail matches an active person for merge, first', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const ada = await createPerson(t.db, account.id, { name: 'Ada', email: 'ada@acme.test', status: 'active' });
    await createPerson(t.db, account.id, { name: 'Aaron', email: 'aaron@acme.test', status: 'unassigned' });
    const fromSlack = await createPerson(t.db, account.id, {
      name: 'Zed Ada',
      email: 'ADA@acme.test',
      status: 'unassigned',
    });
    await createPerson(t.db, account.id, { name: 'Ignored Ada', email: 'ada@acme.test', status: 'ignored' });
    const other = await signedInManager(t.db);
    await createPerson(t.db, other.account.id, { name: 'Other account', email: 'aaron@acme.test', status: 'active' });

    const list = await call<UsersList>(cookie, 'GET', '/api/v1/unassigned');
    expect(list.body.users.map((u) => [u.name, u.mergeSuggestion])).toEqual([
      ['Zed Ada', { personId: ada.id, name: 'Ada' }],
      ['Aaron', null],
    ]);
    expect(list.body.users[0]?.id).toBe(fromSlack.id);
  });
});

describe('GET /api/v1/people/:id', () => {
  it('returns the person with integrations and the stats of the last 30 days', async () => {
    const { account } = await signedInManager(t.db);
    const user = await createUser(t.db, account.id, { role: 'user' });
    const cookie = await sessionCookie(t.db, user.id);
    const { person, pi } = await createTrackedPerson(t.db, account.id, {
      name: 'Ada',
      timezoneAutomatic: 'Europe/Paris',
    });
    const today = new Date().toISOString().slice(0, 10);
    await createRollup(t.db, person, addDays(today, -1), { minutesOnline: 120, blocks: 2, events: 1 });
    await createRollup(t.db, person, addDays(today, -3), { minutesOnline: 60, blocks: 1, events: 0 });
    await createRollup(t.db, person, addDays(today, -45), { minutesOnline: 500, blocks: 9, events: 9 });
    await createBlock(t.db, pi, '2025-01-01T09:00:00Z', '2025-01-01T10:00:00Z');
    const res = await call<PersonDetail>(cookie, 'GET', `/api/v1/people/${person.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: person.id,
      name: 'Ada',
      timezone: 'Europe/Paris',
      _count: { activityBlocks: 1 },
    });
    expect(res.body.personIntegrations).toHaveLength(1);
    expect(res.body.stats).toMatchObject({
      periodDays: 30,
      totalMinutes: 180,
      activeDays: 2,
      totalBlocks: 3,
      totalEvents: 1,
      averageMinutesPerActiveDay: 90,
      firstActivityAt: '2025-01-01T09:00:00.000Z',
      lastActivityAt: '2025-01-01T10:00:00.000Z',
    });
    const other = await signedInManager(t.db);
    const hidden = await call(other.cookie, 'GET', `/api/v1/people/${person.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('Person not found');
    expect((await call(undefined, 'GET', `/api/v1/people/${person.id}`)).status).toBe(401);
  });
});

describe('PATCH /api/v1/people/:id', () => {
  it('edits colour, name, email, manual timezone and identifier; null clears the timezone', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const person = await createPerson(t.db, account.id, { timezoneAutomatic: 'Asia/Tokyo' });
    const res = await call<PersonActionResult>(cookie, 'PATCH', `/api/v1/people/${person.id}`, {
      color: '#abc',
      name: '  Grace ',
      email: 'grace@example.com',
      timezone: 'America/New_York',
      personIdentifier: 'grace-h',
    });
    expect(res.status).toBe(200);
    expect(res.body.person).toMatchObject({
      color: '#abc',
      name: 'Grace',
      email: 'grace@example.com',
      timezone: 'America/New_York',
      timezoneSettings: { automatic: 'Asia/Tokyo', manual: 'America/New_York' },
      personIdentifier: 'grace-h',
    });
    const cleared = await call<PersonActionResult>(cookie, 'PATCH', `/api/v1/people/${person.id}`, { timezone: null });
    expect(cleared.body.person?.timezone).toBe('Asia/Tokyo');
  });

  it('answers 400 naming the field and changes nothing', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const person = await createPerson(t.db, account.id, { name: 'Same', color: '#111111' });
    for (const [body, field] of [
      [{ color: 'red', name: 'Other' }, 'color'],
      [{ timezone: 'Mars/Base', name: 'Other' }, 'timezone'],
      [{ status: 'merged' }, 'status'],
      [{ email: 'not-an-email' }, 'email'],
      [{ name: '' }, 'name'],
      [{}, 'body'],
    ] as const) {
      const res = await call(cookie, 'PATCH', `/api/v1/people/${person.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(field);
    }
    expect(await personRow(person.id)).toMatchObject({ name: 'Same', color: '#111111', status: 'active' });
  });

  it('obeys maxPeople when setting status to active', async () => {
    const { account, cookie } = await signedInManager(t.db, { maxPeople: 2 });
    await createPerson(t.db, account.id);
    const waiting = await createPerson(t.db, account.id, { status: 'unassigned' });
    const third = await createPerson(t.db, account.id, { status: 'unassigned' });
    expect((await call(cookie, 'PATCH', `/api/v1/people/${waiting.id}`, { status: 'active' })).status).toBe(200);
    const refused = await call(cookie, 'PATCH', `/api/v1/people/${third.id}`, { status: 'active', name: 'X' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('2 active people');
    expect(await personRow(third.id)).toMatchObject({ status: 'unassigned' });
    // An already active person can still be edited at the limit.
    expect(
      (await call(cookie, 'PATCH', `/api/v1/people/${waiting.id}`, { status: 'active', color: '#000' })).status,
    ).toBe(200);
  });

  it('ignores through PATCH, deleting the activity data', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const { person, pi } = await createTrackedPerson(t.db, account.id);
    await createBlock(t.db, pi, '2025-05-05T09:00:00Z', '2025-05-05T10:00:00Z');
    const res = await call<PersonActionResult>(cookie, 'PATCH', `/api/v1/people/${person.id}`, { status: 'ignored' });
    expect(res.status).toBe(200);
    expect(res.body.person?.status).toBe('ignored');
    expect(await t.db.select().from(activityBlocks).where(eq(activityBlocks.personId, person.id))).toEqual([]);
  });
});

describe('unassigned and ignored actions', () => {
  it('revives with a name, identifier and timezone; refuses at maxPeople', async () => {
    const { account, cookie } = await signedInManager(t.db, { maxPeople: 1 });
    const first = await createPerson(t.db, account.id, { status: 'unassigned', name: null });
    const second = await createPerson(t.db, account.id, { status: 'unassigned' });
    const bad = await call(cookie, 'POST', `/api/v1/unassigned/${first.id}/revive`, {
      name: 'Lin',
      timezone: 'Nowhere/City',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('timezone');
    const missing = await call(cookie, 'POST', `/api/v1/unassigned/${first.id}/revive`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('name');
    expect(await personRow(first.id)).toMatchObject({ status: 'unassigned', name: null });
    const ok = await call<PersonActionResult>(cookie, 'POST', `/api/v1/unassigned/${first.id}/revive`, {
      name: 'Lin',
      personIdentifier: 'lin@x',
      timezone: 'Asia/Shanghai',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.person).toMatchObject({
      status: 'active',
      name: 'Lin',
      personIdentifier: 'lin@x',
      timezone: 'Asia/Shanghai',
    });
    const refused = await call(cookie, 'POST', `/api/v1/unassigned/${second.id}/revive`, { name: 'Two' });
    expect(refused.status).toBe(409);
    expect(await personRow(second.id)).toMatchObject({ status: 'unassigned' });
  });

  it('merges into a person of the same account only', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const slack = await createIntegration(t.db, account.id);
    const target = await createPerson(t.db, account.id, { name: 'Target' });
    const source = await createPerson(t.db, account.id, { status: 'unassigned' });
    const pi = await linkPerson(t.db, source, slack);
    await createBlock(t.db, pi, '2025-05-05T09:00:00Z', '2025-05-05T10:00:00Z');
    const other = await signedInManager(t.db);
    const foreign = await createPerson(t.db, other.account.id);
    const cross = await call(cookie, 'POST', `/api/v1/unassigned/${source.id}/merge`, { targetPersonId: foreign.id });
    expect(cross.status).toBe(404);
    expect((await call(cookie, 'POST', `/api/v1/unassigned/${source.id}/merge`, { targetPersonId: 'x' })).status).toBe(
      400,
    );
    const ok = await call<PersonActionResult>(cookie, 'POST', `/api/v1/unassigned/${source.id}/merge`, {
      targetPersonId: target.id,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.person).toMatchObject({ id: target.id, _count: { activityBlocks: 1 } });
    expect(await personRow(source.id)).toBeUndefined();
  });

  it('ignores and resurrects', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const person = await createPerson(t.db, account.id, { status: 'unassigned' });
    const ignored = await call<PersonActionResult>(cookie, 'POST', `/api/v1/unassigned/${person.id}/ignore`, {});
    expect(ignored.body.person?.status).toBe('ignored');
    const back = await call<PersonActionResult>(cookie, 'POST', `/api/v1/ignored/${person.id}/resurrect`, {});
    expect(back.status).toBe(200);
    expect(back.body.person?.status).toBe('unassigned');
  });

  it('refuses writes to plain users (403), another account (404) and visitors (401), changing nothing', async () => {
    const { account } = await signedInManager(t.db);
    const user = await createUser(t.db, account.id, { role: 'user' });
    const userCookie = await sessionCookie(t.db, user.id);
    const other = await signedInManager(t.db);
    const person = await createPerson(t.db, account.id, { status: 'unassigned', name: 'Keep' });
    const target = await createPerson(t.db, account.id);
    const writes: [string, string, unknown][] = [
      ['POST', `/api/v1/unassigned/${person.id}/revive`, { name: 'New' }],
      ['POST', `/api/v1/unassigned/${person.id}/merge`, { targetPersonId: target.id }],
      ['POST', `/api/v1/unassigned/${person.id}/ignore`, {}],
      ['POST', `/api/v1/ignored/${person.id}/resurrect`, {}],
      ['PATCH', `/api/v1/people/${person.id}`, { name: 'New' }],
    ];
    for (const [method, url, body] of writes) {
      expect((await call(userCookie, method, url, body)).status, `user ${url}`).toBe(403);
      expect((await call(other.cookie, method, url, body)).status, `other ${url}`).toBe(404);
      expect((await call(undefined, method, url, body)).status, `anonymous ${url}`).toBe(401);
    }
    expect(await personRow(person.id)).toMatchObject({ status: 'unassigned', name: 'Keep' });
    for (const url of ['/api/v1/people', '/api/v1/unassigned', '/api/v1/ignored', `/api/v1/people/${person.id}`]) {
      expect((await call(userCookie, 'GET', url)).status, url).toBe(200);
    }
  });
});
