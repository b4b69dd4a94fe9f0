import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAccount } from '../../test/factories.ts';
import { createDemoTeam } from '../app/seed-team.ts';
import { generateEvents, generatePresence, sessionsOf, statusAt, weekdayOf } from '../connectors/demo/generator.ts';
import { DEMO_TEAM } from '../connectors/demo/team.ts';
import { people } from '../db/schema/activity.ts';
import { integrationRuns } from '../db/schema/integrations.ts';
import { localDayOf } from '../lib/zoned-time.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 5, 18, 15, 7);

describe('demo generator', () => {
  it('is deterministic from its seed', () => {
    const a = generatePresence(7, NOW - 3 * DAY, NOW, 5);
    expect(generatePresence(7, NOW - 3 * DAY, NOW, 5)).toEqual(a);
    expect(generatePresence(8, NOW - 3 * DAY, NOW, 5)).not.toEqual(a);
    expect(generateEvents(7, NOW - 3 * DAY, NOW)).toEqual(generateEvents(7, NOW - 3 * DAY, NOW));
  });

  it('spreads a team of eight over several timezones', () => {
    expect(DEMO_TEAM).toHaveLength(8);
    expect(new Set(DEMO_TEAM.map((m) => m.timezone)).size).toBe(8);
  });

  it('gives weekends off, lunch breaks and a week of leave', () => {
    const ana = DEMO_TEAM[0];
    const camila = DEMO_TEAM.findIndex((m) => m.leaveEveryWeeks);
    if (!ana || camila < 0) throw new Error('team changed');
    const today = localDayOf(ana.timezone, NOW);
    for (let d = today - 30; d < today; d++) {
      const sessions = sessionsOf(ana, 0, d, 42);
      const wd = weekdayOf(d);
      if (wd === 0 || wd === 6) expect(sessions).toEqual([]);
      else if (sessions.length > 0) expect(sessions.length).toBeGreaterThanOrEqual(2);
    }
    const member = DEMO_TEAM[camila];
    if (!member) throw new Error('no member');
    const start = localDayOf(member.timezone, NOW);
    const leaveDays = Array.from({ length: 90 }, (_, i) => start - i).filter((d) => {
      const wd = weekdayOf(d);
      return wd !== 0 && wd !== 6 && sessionsOf(member, camila, d, 42).length === 0;
    });
    expect(leaveDays.length).toBeGreaterThanOrEqual(5);
  });

  it('has a night owl who is online after local midnight', () => {
    const index = DEMO_TEAM.findIndex((m) => m.nightOwl);
    const owl = DEMO_TEAM[index];
    if (!owl) throw new Error('no night owl');
    const lateNights = generatePresence(42, NOW - 21 * DAY, NOW, 5, [owl]).filter((s) => {
      const hour = new Intl.DateTimeFormat('en-US', {
        timeZone: owl.timezone,
        hour: 'numeric',
        hourCycle: 'h23',
      }).format(s.at);
      return Number(hour) === 0 && s.status !== 'offline' && s.status !== 'away';
    });
    expect(lateNights.length).toBeGreaterThan(5);
    expect(statusAt(owl, index, NOW, 42)).toMatch(/online|away|offline|dnd|meeting|busy/);
  });

  it('creates commits and document edits with author and editor metadata', () => {
    const events = generateEvents(42, NOW - 14 * DAY, NOW);
    const commit = events.find((e) => e.kind === 'git_commit');
    const edit = events.find((e) => e.kind === 'google_drive_file_edit');
    expect(commit?.metadata).toMatchObject({ authorName: expect.any(String), authorEmail: expect.any(String) });
    expect(edit?.metadata).toMatchObject({ fileName: expect.any(String), editorDisplayName: expect.any(String) });
    expect(new Set(events.map((e) => e.externalId)).size).toBe(events.length);
  });
});

describe('createDemoTeam', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('backfills 90 days with demo people active from the start, rollups and predictions', async () => {
    const account = await createAccount(t.db, { plan: 'business', features: ['predictions'] });
    await createDemoTeam(t.deps, account.id);

    const team = await t.db.select().from(people).where(eq(people.accountId, account.id));
    expect(team).toHaveLength(8);
    expect(team.map((p) => [p.status, p.isDemo])).toEqual(Array.from({ length: 8 }, () => ['active', true]));
    expect(team.find((p) => p.name === 'Ana Ferreira')).toMatchObject({
      timezoneManual: 'Europe/Lisbon',
      color: '#0ea5e9',
    });

    const counts = await t.db.execute<{ blocks: number; events: number; days: number; predictions: number }>(sql`
      select (select count(*)::int from activity_blocks where account_id = ${account.id}) as blocks,
             (select count(*)::int from activity_events where account_id = ${account.id}) as events,
             (select count(distinct day)::int from person_daily_rollups where account_id = ${account.id}) as days,
             (select count(*)::int from activity_predictions where account_id = ${account.id}) as predictions`);
    const c = counts.rows[0];
    expect(c?.blocks).toBeGreaterThan(7 * 60);
    expect(c?.events).toBeGreaterThan(200);
    expect(c?.days).toBeGreaterThanOrEqual(60); // every weekday of 90 days; weekends are mostly off
    expect(c?.predictions).toBeGreaterThan(7 * 4);
    const runs = await t.db.select().from(integrationRuns).where(eq(integrationRuns.accountId, account.id));
    expect(runs.map((r) => [r.trigger, r.status])).toEqual([['backfill', 'success']]);
  });
});
