import type { AvailabilityResponse, OverlapResponse } from '@overlap/contract/overlap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../../test/app.ts';
import { createBlock, createPerson, createPrediction, createTrackedPerson } from '../../../test/factories/activity.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import { addDays, isoWeekdayIndex, localDateOf } from '../../lib/zoned-time.ts';
import { wallClockToInstant } from './clock.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function overlap(cookie: string, query: string) {
  const res = await client(t.app, cookie)({ method: 'GET', url: `/api/v1/overlap?${query}` });
  return { status: res.statusCode, body: res.json() as OverlapResponse & { message?: string } };
}

const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;

describe('GET /api/v1/overlap', () => {
  it("answers tomorrow's best window for a team in Berlin, New York and Tokyo", async () => {
    const { account, cookie } = await signedInManager(t.db);
    const day = addDays(localDateOf(new Date(), 'Europe/Berlin'), 1);
    const ana = await createPerson(t.db, account.id, { name: 'Ana', timezoneManual: 'Europe/Berlin' });
    const ben = await createPerson(t.db, account.id, { name: 'Ben', timezoneManual: 'America/New_York' });
    const chie = await createPerson(t.db, account.id, { name: 'Chie', timezoneManual: 'Asia/Tokyo' });
    // Ana 08:00-17:00 Berlin, Ben 08:00-16:00 New York, Chie 22:00-02:00 Tokyo, each on the local `day`.
    const spans = [
      { p: ana, start: wallClockToInstant(day, 8 * 60, 'Europe/Berlin'), hours: 9, confidence: 0.8 },
      { p: ben, start: wallClockToInstant(day, 8 * 60, 'America/New_York'), hours: 8, confidence: 0.7 },
      { p: chie, start: wallClockToInstant(day, 22 * 60, 'Asia/Tokyo'), hours: 4, confidence: 0.9 },
    ];
    for (const s of spans) await createPrediction(t.db, s.p, iso(s.start), iso(s.start + s.hours * HOUR), s.confidence);
    const together = {
      start: Math.max(...spans.map((s) => s.start)),
      end: Math.min(...spans.map((s) => s.start + s.hours * HOUR)),
    };

    const res = await overlap(cookie, `from=${day}&days=1&tz=Europe/Berlin`);
    expect(res.status).toBe(200);
    expect(res.body.timezone).toBe('Europe/Berlin');
    expect(res.body.slotMinutes).toBe(30);
    expect(res.body.people).toEqual([ana.id, ben.id, chie.id]);
    expect(res.body.slots[0]?.start).toBe(iso(wallClockToInstant(day, 0, 'Europe/Berlin')));
    expect(res.body.best).toEqual([
      { start: iso(together.start), end: iso(together.end), people: [ana.id, ben.id, chie.id], confidence: 0.8 },
    ]);
    const first = res.body.slots.find((s) => s.start === iso(together.start));
    expect(first).toEqual({
      start: iso(together.start),
      end: iso(together.start + HOUR / 2),
      online: [],
      likely: [0, 1, 2],
      likelyConfidence: [0.8, 0.7, 0.9],
    });
  });

  it('reads past days from blocks and leaves out other accounts’ and inactive people', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const other = await signedInManager(t.db);
    const { person, pi } = await createTrackedPerson(t.db, account.id, { name: 'Ada' });
    await createBlock(t.db, pi, '2025-06-10T09:00:00Z', '2025-06-10T10:00:00Z');
    const stranger = await createTrackedPerson(t.db, other.account.id, { name: 'Eve' });
    await createBlock(t.db, stranger.pi, '2025-06-10T09:00:00Z', '2025-06-10T10:00:00Z');
    await createPrediction(t.db, stranger.person, '2030-01-01T09:00:00Z', '2030-01-01T17:00:00Z', 0.9);
    const waiting = await createPerson(t.db, account.id, { status: 'unassigned' });

    const all = await overlap(cookie, 'from=2025-06-10&days=1&tz=UTC');
    expect(all.status).toBe(200);
    expect(all.body.slots).toHaveLength(48);
    expect(all.body.people).toEqual([person.id]);
    const online = all.body.slots.filter((s) => s.online.length > 0);
    expect(online.map((s) => [s.start, s.online])).toEqual([
      ['2025-06-10T09:00:00.000Z', [0]],
      ['2025-06-10T09:30:00.000Z', [0]],
    ]);
    expect(all.body.best).toEqual([]);

    const asked = await overlap(
      cookie,
      `from=2025-06-10&tz=UTC&people=${stranger.person.id}&people=${waiting.id}&people=${person.id}`,
    );
    expect(asked.body.people).toEqual([person.id]);
    expect(asked.body.slots.flatMap((s) => s.online.map((n) => asked.body.people[n]))).toEqual([person.id, person.id]);
    const foreignOnly = await overlap(cookie, `from=2030-01-01&tz=UTC&people=${stranger.person.id}`);
    expect(foreignOnly.status).toBe(200);
    expect(foreignOnly.body.people).toEqual([]);
    expect(foreignOnly.body.slots.every((s) => s.online.length === 0 && s.likely.length === 0)).toBe(true);
    expect(foreignOnly.body.best).toEqual([]);
  });

  it('counts an ongoing block in the current slot and reads block times to the millisecond', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const ada = await createTrackedPerson(t.db, account.id, { name: 'Ada' });
    const bea = await createTrackedPerson(t.db, account.id, { name: 'Bea' });
    const cy = await createTrackedPerson(t.db, account.id, { name: 'Cy' });
    const today = localDateOf(new Date(), 'UTC');
    const yesterday = addDays(today, -1);
    await createBlock(t.db, ada.pi, new Date(Date.now() - 60_000), null);
    // Exactly half of 10:00-10:30 is enough; a millisecond less is not.
    await createBlock(t.db, bea.pi, `${yesterday}T10:00:00.000Z`, `${yesterday}T10:15:00.000Z`);
    await createBlock(t.db, cy.pi, `${yesterday}T10:00:00.001Z`, `${yesterday}T10:15:00.000Z`);

    const res = await overlap(cookie, `from=${yesterday}&days=2&tz=UTC`);
    expect(res.body.people).toEqual([ada.person.id, bea.person.id, cy.person.id]);
    const onlineAt = (start: string) => res.body.slots.find((s) => s.start === start)?.online;
    expect(onlineAt(`${yesterday}T10:00:00.000Z`)).toEqual([1]);
    const slotNow = Math.floor(Date.now() / (30 * 60_000)) * 30 * 60_000;
    expect(res.body.slots.find((s) => Date.parse(s.start) === slotNow)?.online).toEqual([0]);
  });

  it('covers up to 14 days', async () => {
    const { cookie } = await signedInManager(t.db);
    const res = await overlap(cookie, 'from=2025-01-06&days=14&tz=UTC');
    expect(res.body.slots).toHaveLength(14 * 48);
    expect(res.body.slots.at(-1)?.end).toBe('2025-01-20T00:00:00.000Z');
  });

  it('answers 400 naming the field, 401 without a session, and lets a plain user read', async () => {
    const { account, cookie } = await signedInManager(t.db);
    for (const [query, field] of [
      ['days=0', 'days'],
      ['days=15', 'days'],
      ['days=two', 'days'],
      ['tz=Mars/Olympus', 'tz'],
      ['from=2025-02-30', 'from'],
      ['from=tomorrow', 'from'],
      ['people=nope', 'people'],
    ] as const) {
      const res = await overlap(cookie, query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toContain(field);
    }
    const anonymous = await client(t.app)({ method: 'GET', url: '/api/v1/overlap' });
    expect(anonymous.statusCode).toBe(401);
    const user = await createUser(t.db, account.id, { role: 'user' });
    const asUser = await overlap(await sessionCookie(t.db, user.id), 'from=2025-06-10');
    expect(asUser.status).toBe(200);
  });
});

async function availability(cookie: string, id: string, query = '') {
  const res = await client(t.app, cookie)({ method: 'GET', url: `/api/v1/people/${id}/availability?${query}` });
  return { status: res.statusCode, body: res.json() as AvailabilityResponse & { message?: string } };
}

/** 'HH:MM' on `tz`'s wall clock at `instant`. */
const clock = (instant: number, tz: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    instant,
  );

describe('GET /api/v1/people/{id}/availability', () => {
  it("learns usual hours, in the person's and the viewer's time, and the next likely online span", async () => {
    const { account, cookie } = await signedInManager(t.db);
    const tz = 'America/New_York';
    const { person, pi } = await createTrackedPerson(t.db, account.id, { name: 'Ben', timezoneManual: tz });
    const today = localDateOf(new Date(), tz);
    for (let back = 1; back <= 28; back++) {
      const date = addDays(today, -back);
      if (isoWeekdayIndex(date) > 4) continue;
      const start = wallClockToInstant(date, 9 * 60, tz);
      await createBlock(t.db, pi, iso(start), iso(start + 8 * HOUR));
    }
    const tomorrow = wallClockToInstant(addDays(today, 1), 9 * 60, tz);
    await createPrediction(t.db, person, iso(tomorrow - 2 * 86_400_000), iso(tomorrow - 2 * 86_400_000 + HOUR), 0.9);
    await createPrediction(t.db, person, iso(tomorrow), iso(tomorrow + 8 * HOUR), 0.75);

    const res = await availability(cookie, person.id, 'tz=Europe/Berlin');
    expect(res.status).toBe(200);
    const nineToday = wallClockToInstant(today, 9 * 60, tz);
    expect(res.body).toEqual({
      personId: person.id,
      timezone: tz,
      viewerTimezone: 'Europe/Berlin',
      isOnline: false,
      usuallyOnline: {
        personTime: [{ start: '09:00', end: '17:00' }],
        viewerTime: [{ start: clock(nineToday, 'Europe/Berlin'), end: clock(nineToday + 8 * HOUR, 'Europe/Berlin') }],
        basedOnDays: 20,
      },
      nextLikelyOnline: { start: iso(tomorrow), end: iso(tomorrow + 8 * HOUR), confidence: 0.75 },
    });
  });

  it('says nothing about the next time for someone online now, and knows nothing without activity', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const online = await createPerson(t.db, account.id, { isOnline: true });
    await createPrediction(t.db, online, iso(Date.now() + HOUR), iso(Date.now() + 2 * HOUR), 0.8);
    const res = await availability(cookie, online.id);
    expect(res.body).toMatchObject({
      isOnline: true,
      viewerTimezone: 'UTC',
      usuallyOnline: { personTime: [], viewerTime: [], basedOnDays: 0 },
      nextLikelyOnline: null,
    });
  });

  it("answers 404 for another account's person and 400 for a bad id or timezone", async () => {
    const { cookie } = await signedInManager(t.db);
    const other = await signedInManager(t.db);
    const stranger = await createPerson(t.db, other.account.id);
    expect((await availability(cookie, stranger.id)).status).toBe(404);
    expect((await availability(cookie, 'nope')).status).toBe(400);
    const badTz = await availability(cookie, stranger.id, 'tz=Nowhere/Land');
    expect(badTz.status).toBe(400);
    expect(badTz.body.message).toContain('tz');
  });
});
