import type { WeeklyData, YearlyData } from '@overlap/contract/calendars';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import {
  createBlock,
  createEvent,
  createPerson,
  createPrediction,
  createRollup,
  createTrackedPerson,
} from '../../../test/factories/activity.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import { addDays, mondayOf, startOfLocalDay } from '../../lib/zoned-time.ts';
import { activityScoreOf } from './year-service.ts';

const t = useTestApp();

const get = async <T>(cookie: string | undefined, url: string) => {
  const res = await client(t.app, cookie)({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as T & { message?: string } };
};

describe('zoned time', () => {
  it('finds the Monday of a week and local midnights across DST', () => {
    expect(mondayOf('2025-03-30')).toBe('2025-03-24'); // a Sunday
    expect(mondayOf('2025-03-24')).toBe('2025-03-24');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(startOfLocalDay('2025-03-30', 'Europe/Berlin').toISOString()).toBe('2025-03-29T23:00:00.000Z');
    expect(startOfLocalDay('2025-03-31', 'Europe/Berlin').toISOString()).toBe('2025-03-30T22:00:00.000Z');
    expect(startOfLocalDay('2025-06-01', 'America/Los_Angeles').toISOString()).toBe('2025-06-01T07:00:00.000Z');
    expect(startOfLocalDay('2025-06-01', 'Asia/Kolkata').toISOString()).toBe('2025-05-31T18:30:00.000Z');
  });
});

describe('GET /api/v1/people/:id/week', () => {
  it('returns the Monday-to-Sunday week containing the date, in the person timezone', async () => {
    const { account, cookie } = await signedInManager(t.db, { features: ['predictions'] });
    const { person, pi } = await createTrackedPerson(t.db, account.id, {
      name: 'Kenji',
      timezoneAutomatic: 'Asia/Tokyo',
      color: '#ff0000',
    });
    // Monday 2025-06-09 00:00 in Tokyo is 2025-06-08T15:00Z. This block is Sunday night in UTC, Monday in Tokyo.
    await createBlock(t.db, pi, '2025-06-08T15:30:00Z', '2025-06-08T16:30:00Z');
    // Crosses Tokyo midnight from Wednesday to Thursday.
    await createBlock(t.db, pi, '2025-06-11T14:30:00Z', '2025-06-11T15:30:00Z');
    // Sunday 2025-06-15 23:00 Tokyo: last day of the week.
    await createEvent(t.db, pi, '2025-06-15T14:00:00Z');
    // Monday of the next week in Tokyo: excluded.
    await createEvent(t.db, pi, '2025-06-15T15:00:00Z');
    await createPrediction(t.db, person, '2025-06-10T00:00:00Z', '2025-06-10T08:00:00Z', 0.8);
    const res = await get<WeeklyData>(cookie, `/api/v1/people/${person.id}/week?date=2025-06-12`);
    expect(res.status).toBe(200);
    const w = res.body;
    expect(w).toMatchObject({
      personId: person.id,
      personName: 'Kenji',
      personColor: '#ff0000',
      personTimezone: 'Asia/Tokyo',
      weekStart: '2025-06-09',
      weekEnd: '2025-06-15',
    });
    expect(w.dailyActivities.map((d) => d.date)).toEqual([
      '2025-06-09',
      '2025-06-10',
      '2025-06-11',
      '2025-06-12',
      '2025-06-13',
      '2025-06-14',
      '2025-06-15',
    ]);
    expect(w.dailyActivities[0]?.dayOfWeek).toBe('Monday');
    expect(w.dailyActivities[6]?.dayOfWeek).toBe('Sunday');
    const counts = w.dailyActivities.map((d) => d.activityBlocks.length);
    expect(counts).toEqual([1, 0, 1, 1, 0, 0, 0]);
    expect(w.dailyActivities.map((d) => d.activityEvents.length)).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(w.dailyActivities[1]?.activityPredictions).toHaveLength(1);
  });

  it('treats a Sunday as the end of its week and keeps 7 days over a DST change', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const { person, pi } = await createTrackedPerson(t.db, account.id, { timezoneManual: 'Europe/Berlin' });
    // Sunday 2025-03-30 is the spring-forward day in Berlin: 23 hours long.
    await createBlock(t.db, pi, '2025-03-30T21:30:00Z', '2025-03-30T22:30:00Z'); // 23:30-00:30 Berlin summer time
    const res = await get<WeeklyData>(cookie, `/api/v1/people/${person.id}/week?date=2025-03-30`);
    expect(res.body.weekStart).toBe('2025-03-24');
    expect(res.body.weekEnd).toBe('2025-03-30');
    expect(res.body.dailyActivities).toHaveLength(7);
    expect(res.body.dailyActivities[6]?.activityBlocks).toHaveLength(1);
    const next = await get<WeeklyData>(cookie, `/api/v1/people/${person.id}/week?date=2025-03-31`);
    expect(next.body.weekStart).toBe('2025-03-31');
    expect(next.body.dailyActivities[0]?.activityBlocks).toHaveLength(1);
  });

  it('answers 404 for another account’s person, 400 for a bad date, 401 without a session', async () => {
    const { cookie } = await signedInManager(t.db);
    const other = await signedInManager(t.db);
    const stranger = await createPerson(t.db, other.account.id);
    const notMine = await get(cookie, `/api/v1/people/${stranger.id}/week?date=2025-06-12`);
    expect(notMine.status).toBe(404);
    expect(notMine.body.message).toBe('Person not found');
    const mine = await createPerson(t.db, (await signedInManager(t.db)).account.id);
    const bad = await get(other.cookie, `/api/v1/people/${stranger.id}/week?date=12-06-2025`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('date');
    const badId = await get(cookie, '/api/v1/people/nope/week');
    expect(badId.status).toBe(400);
    expect(badId.body.message).toContain('id');
    expect((await get(undefined, `/api/v1/people/${mine.id}/week`)).status).toBe(401);
  });
});

describe('GET /api/v1/people/:id/year', () => {
  it('summarises every day of the year from the daily rollups', async () => {
    const { account } = await signedInManager(t.db);
    const user = await createUser(t.db, account.id, { role: 'user' });
    const cookie = await sessionCookie(t.db, user.id);
    const person = await createPerson(t.db, account.id, { name: 'Grace' });
    await createRollup(t.db, person, '2024-02-29', { minutesOnline: 300, blocks: 2, events: 4 });
    await createRollup(t.db, person, '2024-12-31', { minutesOnline: 900, blocks: 3, events: 0 });
    await createRollup(t.db, person, '2023-12-31', { minutesOnline: 100 });
    await createRollup(t.db, person, '2025-01-01', { minutesOnline: 100 });
    const res = await get<YearlyData>(cookie, `/api/v1/people/${person.id}/year?year=2024`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ personId: person.id, personName: 'Grace', year: 2024 });
    expect(res.body.dailySummaries).toHaveLength(366);
    expect(res.body.dailySummaries[0]).toEqual({
      date: '2024-01-01',
      activityScore: 0,
      totalBlocks: 0,
      totalEvents: 0,
      totalMinutes: 0,
    });
    expect(res.body.dailySummaries.find((d) => d.date === '2024-02-29')).toEqual({
      date: '2024-02-29',
      activityScore: 0.5,
      totalBlocks: 2,
      totalEvents: 4,
      totalMinutes: 300,
    });
    expect(res.body.dailySummaries.at(-1)).toMatchObject({ date: '2024-12-31', activityScore: 1, totalMinutes: 900 });
    expect(res.body.dailySummaries.reduce((s, d) => s + d.totalMinutes, 0)).toBe(1200);
  });

  it('defaults to the current year and refuses bad years and other accounts', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const person = await createPerson(t.db, account.id);
    const current = await get<YearlyData>(cookie, `/api/v1/people/${person.id}/year`);
    expect(current.body.year).toBe(new Date().getUTCFullYear());
    for (const year of ['abc', '1800', '2024.5']) {
      const bad = await get(cookie, `/api/v1/people/${person.id}/year?year=${year}`);
      expect(bad.status, year).toBe(400);
      expect(bad.body.message).toContain('year');
    }
    const other = await signedInManager(t.db);
    expect((await get(other.cookie, `/api/v1/people/${person.id}/year?year=2024`)).status).toBe(404);
  });

  it('scores minutes on a 10-hour scale', () => {
    expect(activityScoreOf(0)).toBe(0);
    expect(activityScoreOf(61)).toBe(0.1);
    expect(activityScoreOf(600)).toBe(1);
    expect(activityScoreOf(1440)).toBe(1);
  });
});
