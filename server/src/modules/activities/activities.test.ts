import type { ActivitiesResponse } from '@overlap/contract/activity';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import {
  createBlock,
  createEvent,
  createIntegration,
  createPerson,
  createPrediction,
  createTrackedPerson,
  linkPerson,
} from '../../../test/factories/activity.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';

const t = useTestApp();

async function day(cookie: string, query: string) {
  const res = await client(t.app, cookie)({ method: 'GET', url: `/api/v1/activities?${query}` });
  return { status: res.statusCode, body: res.json() as ActivitiesResponse & { message?: string; details?: unknown } };
}

describe('GET /api/v1/activities', () => {
  it('cuts the day in the viewer timezone: a block from 23:30 to 00:30 shows on both days', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const { person, pi } = await createTrackedPerson(t.db, account.id, { name: 'Ada' });
    // 23:30-00:30 in Europe/Berlin (UTC+2 in June) is 21:30-22:30 UTC.
    await createBlock(t.db, pi, '2025-06-10T21:30:00Z', '2025-06-10T22:30:00Z');
    const first = await day(cookie, 'date=2025-06-10&tz=Europe/Berlin');
    const second = await day(cookie, 'date=2025-06-11&tz=Europe/Berlin');
    const third = await day(cookie, 'date=2025-06-12&tz=Europe/Berlin');
    expect(first.status).toBe(200);
    expect(first.body.windowStart).toBe('2025-06-09T22:00:00.000Z');
    expect(first.body.windowEnd).toBe('2025-06-10T22:00:00.000Z');
    const blocksOn = (r: typeof first) => r.body.people.find((p) => p.id === person.id)?.activityBlocks ?? [];
    expect(blocksOn(first)).toHaveLength(1);
    expect(blocksOn(second)).toHaveLength(1);
    expect(blocksOn(third)).toHaveLength(0);
    // In UTC the same block sits on the 10th only.
    const utc = await day(cookie, 'date=2025-06-11');
    expect(blocksOn(utc)).toHaveLength(0);
    expect(blocksOn(first)[0]).toMatchObject({
      startTime: '2025-06-10T21:30:00.000Z',
      endTime: '2025-06-10T22:30:00.000Z',
      isOngoing: false,
      durationMinutes: 60,
      kind: 'activity',
    });
  });

  it('returns ongoing blocks and blocks longer than a day that cover the window', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const { person, pi } = await createTrackedPerson(t.db, account.id);
    await createBlock(t.db, pi, '2025-03-01T08:00:00Z', '2025-03-04T08:00:00Z');
    await createBlock(t.db, pi, '2025-03-03T20:00:00Z', null);
    await createBlock(t.db, pi, '2025-03-01T09:00:00Z', '2025-03-01T10:00:00Z');
    const res = await day(cookie, 'date=2025-03-03&tz=UTC');
    const blocks = res.body.people.find((p) => p.id === person.id)?.activityBlocks ?? [];
    expect(blocks.map((b) => b.startTime)).toEqual(['2025-03-01T08:00:00.000Z', '2025-03-03T20:00:00.000Z']);
    expect(blocks[1]).toMatchObject({ endTime: null, isOngoing: true });
  });

  it('returns overlapping blocks of several integrations as they are, with integration name and colour', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const slack = await createIntegration(t.db, account.id, { name: 'Slack HQ', color: '#4a154b' });
    const github = await createIntegration(t.db, account.id, { name: 'GitHub', color: null, provider: 'github' });
    const person = await createPerson(t.db, account.id);
    const a = await linkPerson(t.db, person, slack);
    const b = await linkPerson(t.db, person, github);
    await createBlock(t.db, a, '2025-05-05T09:00:00Z', '2025-05-05T11:00:00Z');
    await createBlock(t.db, b, '2025-05-05T10:00:00Z', '2025-05-05T12:00:00Z');
    await createEvent(t.db, b, '2025-05-05T10:30:00Z', { kind: 'git_commit', title: 'Ship it' });
    const res = await day(cookie, 'date=2025-05-05');
    const col = res.body.people.find((p) => p.id === person.id);
    expect(col?.activityBlocks).toHaveLength(2);
    expect(col?.activityBlocks[0]).toMatchObject({
      integrationName: 'Slack HQ',
      integrationId: slack.id,
      integrationColor: '#4a154b',
    });
    expect(col?.activityBlocks[1]).toMatchObject({ integrationName: 'GitHub', integrationColor: null });
    expect(col?.activityEvents[0]).toMatchObject({
      kind: 'git_commit',
      title: 'Ship it',
      integrationName: 'GitHub',
      integrationKind: 'github',
    });
  });

  it('lists active people only, filtered by visiblePeople (repeated or comma-separated)', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const a = await createPerson(t.db, account.id, { name: 'A', timezoneAutomatic: 'Asia/Tokyo', color: '#123456' });
    const b = await createPerson(t.db, account.id, {
      name: 'B',
      timezoneManual: 'America/New_York',
      timezoneAutomatic: 'Asia/Tokyo',
    });
    const c = await createPerson(t.db, account.id, { name: 'C' });
    await createPerson(t.db, account.id, { name: 'U', status: 'unassigned' });
    await createPerson(t.db, account.id, { name: 'I', status: 'ignored' });
    const all = await day(cookie, 'date=2025-05-05');
    expect(all.body.people.map((p) => p.name)).toEqual(['A', 'B', 'C']);
    expect(all.body.people[0]).toMatchObject({
      timezone: 'Asia/Tokyo',
      color: '#123456',
      isOnline: false,
      status: 'active',
    });
    expect(all.body.people[1]?.timezone).toBe('America/New_York');
    expect(all.body.people[2]?.timezone).toBe('UTC');
    const repeated = await day(cookie, `date=2025-05-05&visiblePeople=${a.id}&visiblePeople=${c.id}`);
    expect(repeated.body.people.map((p) => p.id)).toEqual([a.id, c.id]);
    const comma = await day(cookie, `date=2025-05-05&visiblePeople=${b.id},${c.id}`);
    expect(comma.body.people.map((p) => p.id)).toEqual([b.id, c.id]);
  });

  it('includes predictions only with the predictions feature flag', async () => {
    const plain = await signedInManager(t.db);
    const flagged = await signedInManager(t.db, { features: ['predictions'] });
    for (const { account } of [plain, flagged]) {
      const p = await createPerson(t.db, account.id);
      await createPrediction(t.db, p, '2025-05-05T09:00:00Z', '2025-05-05T17:00:00Z', 0.7);
    }
    const without = await day(plain.cookie, 'date=2025-05-05');
    const withFlag = await day(flagged.cookie, 'date=2025-05-05');
    expect(without.body.people[0]?.activityPredictions).toEqual([]);
    expect(withFlag.body.people[0]?.activityPredictions).toHaveLength(1);
    expect(withFlag.body.people[0]?.activityPredictions[0]).toMatchObject({
      startTime: '2025-05-05T09:00:00.000Z',
      durationMinutes: 480,
      confidence: expect.closeTo(0.7, 5),
      isOngoing: false,
    });
  });

  it('never shows another account’s people or blocks, even when their ids are asked for', async () => {
    const mine = await signedInManager(t.db);
    const other = await signedInManager(t.db);
    const { person, pi } = await createTrackedPerson(t.db, other.account.id);
    await createBlock(t.db, pi, '2025-05-05T09:00:00Z', '2025-05-05T10:00:00Z');
    const res = await day(mine.cookie, `date=2025-05-05&visiblePeople=${person.id}`);
    expect(res.status).toBe(200);
    expect(res.body.people).toEqual([]);
  });

  it('lets a plain user read, and refuses without a session', async () => {
    const { account } = await signedInManager(t.db);
    const user = await createUser(t.db, account.id, { role: 'user' });
    const ok = await day(await sessionCookie(t.db, user.id), 'date=2025-05-05');
    expect(ok.status).toBe(200);
    const anonymous = await client(t.app)({ method: 'GET', url: '/api/v1/activities?date=2025-05-05' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 400 naming the field for a bad date, timezone or person id', async () => {
    const { cookie } = await signedInManager(t.db);
    for (const [query, field] of [
      ['date=2025-13-01', 'date'],
      ['date=yesterday', 'date'],
      ['date=2025-02-30', 'date'],
      ['tz=Mars/Olympus', 'tz'],
      ['visiblePeople=nope', 'visiblePeople'],
    ] as const) {
      const res = await day(cookie, query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toContain(field);
    }
  });
});
