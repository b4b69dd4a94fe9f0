import { type ActivitiesResponse, activitiesResponse } from '@overlap/contract/activity';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import {
  createBlock,
  createEvent,
  createIntegration,
  createPerson,
  createPrediction,
  linkPerson,
} from '../../../test/factories/activity.ts';
import { signedInManager } from '../../../test/factories.ts';
import type { Ctx } from '../../core/context.ts';
import { preparedRows } from '../../db/prepared.ts';
import { uuidArray } from '../../db/uuid-array.ts';
import { PREDICTIONS_FEATURE } from '../../engine/predictions/feature.ts';
import { addDays, effectiveTimezone, localDateOf } from '../../lib/zoned-time.ts';
import { resolveDayWindow } from './day-window.ts';
import { findBlocksInWindow, findEventsInWindow, findPredictionsInWindow, groupByPerson } from './read-queries.ts';
import { getActivitiesDayJson } from './service.ts';

const t = useTestApp();

afterEach(() => {
  vi.useRealTimers();
});

type DayQuery = { date?: string; tz?: string; visiblePeople?: string[] };

/**
 * The day as the server built it before PostgreSQL wrote the JSON: rows parsed into objects by
 * `pg`, mapped by `read-queries.ts`, written by JSON.stringify. The reference the new answer must
 * equal, field for field and in the same order.
 */
async function referenceDay(ctx: Pick<Ctx, 'db' | 'accountId'>, query: DayQuery): Promise<ActivitiesResponse> {
  const timeZone = query.tz ?? 'UTC';
  const window = resolveDayWindow(query.date, timeZone);
  const visible = query.visiblePeople;
  const shown = sql`select id from people
    where account_id = ${ctx.accountId} and status = 'active' and archived_at is null
      ${visible ? sql`and id = any(${uuidArray(visible)})` : sql``}`;
  const [peopleRows, blocks, events, predictions] = await Promise.all([
    preparedRows<{
      id: string;
      name: string | null;
      email: string | null;
      status: 'active' | 'unassigned' | 'ignored';
      color: string | null;
      timezone_manual: string | null;
      timezone_automatic: string | null;
      is_online: boolean;
      last_seen_at: Date | null;
      person_identifier: string | null;
      is_demo: boolean;
    }>(
      ctx.db,
      sql`
      select id, name, email, status, color, timezone_manual, timezone_automatic, is_online, last_seen_at,
        person_identifier, is_demo
      from people p where p.id in (${shown})
      order by lower(coalesce(name, email, person_identifier, '')), created_at, id`,
    ),
    findBlocksInWindow(ctx.db, ctx.accountId, shown, window),
    findEventsInWindow(ctx.db, ctx.accountId, shown, window),
    findPredictionsInWindow(ctx.db, ctx.accountId, shown, window, PREDICTIONS_FEATURE),
  ]);
  const blocksOf = groupByPerson(blocks);
  const eventsOf = groupByPerson(events);
  const predictionsOf = groupByPerson(predictions);
  return {
    date: window.date,
    timezone: timeZone,
    windowStart: window.from.toISOString(),
    windowEnd: window.to.toISOString(),
    people: peopleRows.map((p) => ({
      id: p.id,
      name: p.name,
      email: p.email,
      status: p.status,
      color: p.color,
      timezone: effectiveTimezone(p.timezone_manual, p.timezone_automatic),
      isOnline: p.is_online,
      lastSeenAt: p.last_seen_at ? new Date(p.last_seen_at).toISOString() : null,
      personIdentifier: p.person_identifier,
      isDemo: p.is_demo,
      activityBlocks: blocksOf.get(p.id) ?? [],
      activityEvents: eventsOf.get(p.id) ?? [],
      activityPredictions: predictionsOf.get(p.id) ?? [],
    })),
  };
}

/** Moves a row's times by some microseconds, which a JavaScript Date cannot hold. */
async function shiftMicros(table: 'activity_blocks' | 'activity_events' | 'activity_predictions', id: string) {
  const columns =
    table === 'activity_events'
      ? sql`timestamp = timestamp + interval '123456 microseconds'`
      : table === 'activity_blocks'
        ? sql`start_time = start_time + interval '999 microseconds', end_time = end_time + interval '500999 microseconds'`
        : sql`start_time = start_time + interval '1500 microseconds', end_time = end_time + interval '29999999 microseconds'`;
  await t.db.execute(sql`update ${sql.raw(table)} set ${columns} where id = ${id}`);
}

async function buildTeam(now: Date) {
  const { account, cookie } = await signedInManager(t.db, { features: ['predictions'] });
  const slack = await createIntegration(t.db, account.id, { name: 'Slack "team"', color: '#4a154b' });
  const teams = await createIntegration(t.db, account.id, { name: 'Teams', color: null });
  const github = await createIntegration(t.db, account.id, { name: 'GitHub', provider: 'github', kind: 'events' });
  const today = localDateOf(now, 'UTC');
  const at = (day: string, time: string) => `${day}T${time}Z`;
  const yesterday = addDays(today, -1);
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

  // Berlin by hand (and an automatic zone that loses), online, seen at a time with microseconds.
  const ada = await createPerson(t.db, account.id, {
    name: 'Ada',
    timezoneManual: 'Europe/Berlin',
    timezoneAutomatic: 'America/New_York',
    isOnline: true,
    lastSeenAt: minutesAgo(2),
    color: '#ff0000',
  });
  await t.db.execute(
    sql`update people set last_seen_at = last_seen_at + interval '777 microseconds' where id = ${ada.id}`,
  );
  const adaSlack = await linkPerson(t.db, ada, slack);
  const adaTeams = await linkPerson(t.db, ada, teams);
  const adaGithub = await linkPerson(t.db, ada, github);
  // Across midnight in Berlin and in UTC, from yesterday into today.
  const midnight = await createBlock(t.db, adaSlack, at(yesterday, '21:30:00.000'), at(today, '00:30:00.000'), {
    timezoneAtStart: 'Europe/Berlin',
    metadata: { source: 'x', nested: { list: [1, 2.5, 'three', null, true], empty: {} }, quote: 'a "b" \\ c\n' },
  });
  await shiftMicros('activity_blocks', midnight.id);
  // Two blocks of two integrations starting at the same instant: ordered by id.
  await createBlock(t.db, adaSlack, at(today, '06:00:00.000'), at(today, '07:29:30.000'));
  await createBlock(t.db, adaTeams, at(today, '06:00:00.000'), at(today, '06:00:29.999'));
  // Longer than a day, then an ongoing one started 90.5 minutes ago (rounds up to 91).
  await createBlock(t.db, adaTeams, at(addDays(today, -3), '08:00:00.000'), at(addDays(today, 1), '08:00:00.000'));
  await createBlock(t.db, adaSlack, new Date(now.getTime() - 90.5 * 60_000), null, { metadata: { 10: 'a', b: 1 } });
  const event = await createEvent(t.db, adaGithub, at(today, '05:15:00.000'), {
    title: 'Fix “quotes” \u2028 and tabs\t and emoji 🎉',
    url: 'https://example.com/commit/1?a=1&b=<2>',
    metadata: { sha: 'abc', files: 3, big: 2 ** 60, ratio: 0.1 },
  });
  await shiftMicros('activity_events', event.id);
  await createEvent(t.db, adaGithub, at(yesterday, '23:59:59.999'), { kind: 'deployment' });
  await t.db.execute(
    sql`update activity_events set title = null, metadata = 'null'::jsonb where person_id = ${ada.id} and kind = 'deployment'`,
  );

  // An unknown manual zone (the automatic one wins), no name, predictions of several confidences.
  const bo = await createPerson(t.db, account.id, {
    name: null,
    email: 'bo@example.com',
    timezoneManual: 'Mars/Olympus',
    timezoneAutomatic: 'Asia/Tokyo',
  });
  const boSlack = await linkPerson(t.db, bo, slack);
  await createBlock(t.db, boSlack, at(yesterday, '15:00:00.000'), at(yesterday, '16:00:00.000'), {
    timezoneAtStart: 'Asia/Tokyo',
  });
  const ongoing = await createPrediction(t.db, bo, minutesAgo(60), new Date(now.getTime() + 60 * 60_000), 0.7);
  await shiftMicros('activity_predictions', ongoing.id);
  // Not ongoing at any time of day: tonight while it is morning, early today once it is afternoon.
  const morning = now.getUTCHours() < 12;
  await createPrediction(
    t.db,
    bo,
    morning ? at(today, '22:00:00.000') : at(today, '00:00:00.000'),
    morning ? at(addDays(today, 1), '02:00:00.000') : at(today, '04:00:00.000'),
    0.123456789,
  );
  await createPrediction(t.db, bo, at(yesterday, '10:00:00.000'), at(yesterday, '11:00:00.000'), 0.00001);
  await createPrediction(t.db, bo, at(yesterday, '12:00:00.000'), at(yesterday, '13:00:00.000'), 1);

  // No zone at all, nothing on any day: every list empty.
  const cy = await createPerson(t.db, account.id, { name: null, email: null, personIdentifier: 'cy-handle' });
  // Auckland, blocks around its own midnight.
  const dee = await createPerson(t.db, account.id, { name: 'dee', timezoneAutomatic: 'Pacific/Auckland' });
  const deeSlack = await linkPerson(t.db, dee, slack);
  await createBlock(t.db, deeSlack, at(yesterday, '11:00:00.000'), at(yesterday, '12:30:00.000'), {
    timezoneAtStart: 'Pacific/Auckland',
  });

  // Hidden: ignored, unassigned and archived people, with activity that must not show.
  const hidden = [];
  for (const status of ['ignored', 'unassigned', 'active'] as const) {
    const person = await createPerson(t.db, account.id, { name: `Hidden ${status}`, status });
    const pi = await linkPerson(t.db, person, slack);
    await createBlock(t.db, pi, at(today, '01:00:00.000'), at(today, '02:00:00.000'));
    await createPrediction(t.db, person, at(today, '01:00:00.000'), at(today, '02:00:00.000'));
    hidden.push(person);
  }
  const archived = hidden[2] as (typeof hidden)[number];
  await t.db.execute(sql`update people set archived_at = now() where id = ${archived.id}`);

  // Another account's person, asked for by id.
  const other = await signedInManager(t.db);
  const stranger = await createPerson(t.db, other.account.id, { name: 'Stranger' });
  const strangerPi = await linkPerson(t.db, stranger, await createIntegration(t.db, other.account.id));
  await createBlock(t.db, strangerPi, at(today, '01:00:00.000'), at(today, '02:00:00.000'));

  return { account, cookie, other, today, yesterday, ada, bo, cy, dee, hidden, stranger };
}

describe('the day timeline written as JSON text', () => {
  it('equals the answer built from parsed rows, field for field and in order', async () => {
    const now = new Date(Math.floor(Date.now() / 1000) * 1000 + 250);
    const team = await buildTeam(now);
    const ctx = { db: t.db, accountId: team.account.id };
    const queries: DayQuery[] = [
      {},
      { date: team.today, tz: 'Europe/Berlin' },
      { date: team.today, tz: 'UTC' },
      { date: team.yesterday, tz: 'Asia/Tokyo' },
      { date: team.yesterday, tz: 'Pacific/Auckland' },
      { date: team.yesterday, tz: 'America/New_York' },
      { date: team.today, tz: 'UTC', visiblePeople: [team.ada.id, team.cy.id] },
      { date: team.today, tz: 'UTC', visiblePeople: [team.bo.id, ...team.hidden.map((p) => p.id), team.stranger.id] },
      { date: team.today, visiblePeople: [team.hidden[0]?.id as string] },
      { date: '2020-02-29', tz: 'Europe/Berlin' },
    ];
    let compared = 0;
    for (const query of queries) {
      const text = await getActivitiesDayJson(ctx as Ctx, query, now);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
      const reference = await referenceDay(ctx, query);
      vi.useRealTimers();
      const parsed = JSON.parse(text) as ActivitiesResponse;
      // Same fields in the same order, same values (metadata as a client parses it).
      expect(JSON.stringify(parsed)).toBe(JSON.stringify(reference));
      expect(activitiesResponse.parse(parsed)).toStrictEqual(parsed);
      compared += parsed.people.length;
    }
    expect(compared).toBeGreaterThan(20);

    // What the checks above compared, spelled out for today in UTC.
    const utc = JSON.parse(await getActivitiesDayJson(ctx as Ctx, { date: team.today, tz: 'UTC' }, now));
    expect(utc.people.map((p: { name: string | null }) => p.name)).toEqual(['Ada', null, null, 'dee']);
    const [ada, bo, cy] = utc.people;
    expect(cy).toMatchObject({ personIdentifier: 'cy-handle', timezone: 'UTC', lastSeenAt: null });
    expect([cy.activityBlocks, cy.activityEvents, cy.activityPredictions]).toEqual([[], [], []]);
    expect(ada.timezone).toBe('Europe/Berlin');
    expect(ada.lastSeenAt).toBe(new Date(now.getTime() - 120_000).toISOString());
    type Block = { startTime: string; durationMinutes: number; isOngoing: boolean; integrationName: string };
    const blocks: Block[] = ada.activityBlocks;
    expect(blocks.map((b) => b.durationMinutes).sort((x, y) => x - y)).toEqual([0, 90, 91, 180, 5760]);
    expect(blocks.find((b) => b.durationMinutes === 180)).toMatchObject({
      startTime: `${team.yesterday}T21:30:00.000Z`,
      endTime: `${team.today}T00:30:00.500Z`,
      metadata: { nested: { list: [1, 2.5, 'three', null, true], empty: {} }, quote: 'a "b" \\ c\n' },
      integrationName: 'Slack "team"',
      integrationColor: '#4a154b',
    });
    expect(blocks.find((b) => b.durationMinutes === 0)).toMatchObject({
      integrationName: 'Teams',
      integrationColor: null,
    });
    expect(blocks.find((b) => b.isOngoing)).toMatchObject({
      endTime: null,
      durationMinutes: 91,
      metadata: { 10: 'a', b: 1 },
    });
    expect(ada.activityEvents).toHaveLength(1);
    expect(ada.activityEvents[0]).toMatchObject({
      timestamp: `${team.today}T05:15:00.123Z`,
      title: 'Fix “quotes” \u2028 and tabs\t and emoji 🎉',
      metadata: { sha: 'abc', files: 3, big: 2 ** 60, ratio: 0.1 },
      integrationKind: 'github',
    });
    expect(bo.timezone).toBe('Asia/Tokyo');
    type Prediction = { confidence: number; isOngoing: boolean; durationMinutes: number };
    const predictions: Prediction[] = bo.activityPredictions;
    expect(predictions.find((p) => p.isOngoing)).toMatchObject({ confidence: 0.7, durationMinutes: 120 });
    expect(predictions.find((p) => !p.isOngoing)).toMatchObject({ confidence: 0.12345679, durationMinutes: 240 });
    const yesterday = JSON.parse(await getActivitiesDayJson(ctx as Ctx, { date: team.yesterday }, now));
    const boYesterday = yesterday.people.find((p: { id: string }) => p.id === team.bo.id);
    expect(boYesterday.activityPredictions.map((p: { confidence: number }) => p.confidence)).toEqual(
      expect.arrayContaining([0.00001, 1]),
    );
    const adaYesterday = yesterday.people.find((p: { id: string }) => p.id === team.ada.id);
    expect(adaYesterday.activityEvents[0]).toMatchObject({ kind: 'deployment', title: null, metadata: {} });
  });

  it('is sent as it is written, as JSON, and compressed when asked', async () => {
    const now = new Date();
    const team = await buildTeam(now);
    const ctx = { db: t.db, accountId: team.account.id };
    const url = `/api/v1/activities?date=${team.yesterday}&tz=Asia/Tokyo`;
    const res = await client(t.app, team.cookie)({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(await getActivitiesDayJson(ctx as Ctx, { date: team.yesterday, tz: 'Asia/Tokyo' }, now));
    const br = await client(t.app, team.cookie)({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
  });
});
