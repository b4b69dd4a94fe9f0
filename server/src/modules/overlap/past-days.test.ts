import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createBlock, createIntegration, createTrackedPerson, linkPerson } from '../../../test/factories/activity.ts';
import { signedInManager } from '../../../test/factories.ts';
import type { Ctx } from '../../core/context.ts';
import { addDays, localDateOf } from '../../lib/zoned-time.ts';
import { DAY_MS, pastDaysOf, SETTLE_MS } from './past-days.ts';
import { getOverlap } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The account's rows for the settled past days the UTC query reads at any time of day (from 7 days
 * before today, until the last day that ended SETTLE_MS ago: until 01:00 UTC yesterday is not), and
 * how many of them have an up-to-date mask. Older days have rows too (their blocks raised a version),
 * but whether another query's window reaches them depends on the time of day.
 */
async function storedMasks(accountId: string, now: Date) {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const settled = Math.floor((now.getTime() - SETTLE_MS) / DAY_MS) * DAY_MS;
  const rows = await t.db.execute<{ n: number; valid: number }>(sql`
    select count(*)::int as n, count(*) filter (where mask_version = version)::int as valid
      from planner_coverage_days
     where account_id = ${accountId} and day >= ${dayText(today - 7 * DAY_MS)}::date and day < ${dayText(settled)}::date`);
  return { ...(rows.rows[0] as { n: number; valid: number }), days: Math.round((settled - today) / DAY_MS) + 7 };
}

describe('the planner reads finished days from stored masks', () => {
  it('answers as the blocks do, before and after blocks of past days change by any path', async () => {
    const { account } = await signedInManager(t.db);
    const ctx = { db: t.db, accountId: account.id } as unknown as Ctx;
    const now = new Date();
    const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
    const day = (back: number, hours: number, minutes = 0) => iso(today - back * DAY_MS + hours * HOUR + minutes * MIN);

    const ana = await createTrackedPerson(t.db, account.id, { name: 'Ana', timezoneManual: 'Europe/Berlin' });
    const ben = await createTrackedPerson(t.db, account.id, { name: 'Ben', timezoneManual: 'America/New_York' });
    const cy = await createTrackedPerson(t.db, account.id, { name: 'Cy', timezoneManual: 'Asia/Tokyo' });
    const teams = await createIntegration(t.db, account.id, { name: 'Teams' });
    const anaTeams = await linkPerson(t.db, ana.person, teams);
    // Every past day: blocks with odd minutes and seconds, overlapping blocks of two sources, one
    // across midnight; Cy with an ongoing block since yesterday evening.
    for (let back = 1; back <= 8; back++) {
      await createBlock(t.db, ana.pi, day(back, 7, 10), day(back, 9, 25));
      await createBlock(t.db, anaTeams, day(back, 8, 40), day(back, 11, 5));
      await createBlock(t.db, ana.pi, new Date(today - back * DAY_MS + 13 * HOUR + 14_999), day(back, 13, 31));
      await createBlock(t.db, ben.pi, day(back, 22, 45), day(back - 1, 1, 15));
      await createBlock(t.db, cy.pi, day(back, 2, 0), day(back, 2, 15));
    }
    await createBlock(t.db, cy.pi, day(1, 20, 0), null);
    await createBlock(t.db, ana.pi, day(0, 0, 5), now);

    const queries = ['Europe/Berlin', 'UTC', 'America/New_York', 'Asia/Kathmandu'].map((tz) => ({
      from: addDays(localDateOf(now, tz), -7),
      days: 14,
      tz,
    }));
    const expectSameAsBlocks = async () => {
      const answers: string[] = [];
      for (const q of queries) {
        const reference = JSON.stringify(await getOverlap(ctx, q, now, { pastDays: false }));
        expect(JSON.stringify(await getOverlap(ctx, q, now))).toBe(reference);
        // A second read uses the masks the first stored.
        expect(JSON.stringify(await getOverlap(ctx, q, now))).toBe(reference);
        answers.push(reference);
      }
      return answers.join('\n');
    };

    let before = await expectSameAsBlocks();
    // Every person has a row for each of those days, each with a mask stored by the reads.
    const stored = await storedMasks(account.id, now);
    expect(stored).toEqual({ n: 3 * stored.days, valid: 3 * stored.days, days: stored.days });
    expect([6, 7]).toContain(stored.days);

    // The masks are what answers: a mask changed by hand changes the answer (and nothing is recomputed).
    await t.db.execute(sql`update planner_coverage_days set online_mask = 0 where account_id = ${account.id}`);
    const q = queries[0] as (typeof queries)[number];
    expect(JSON.stringify(await getOverlap(ctx, q, now))).not.toBe(before.split('\n')[0]);
    await t.db.execute(sql`update planner_coverage_days set mask_version = null where account_id = ${account.id}`);
    expect(await expectSameAsBlocks()).toBe(before);

    const changes: [string, () => Promise<unknown>][] = [
      ['a block added to a past day (backfill)', () => createBlock(t.db, cy.pi, day(3, 9, 0), day(3, 17, 0))],
      [
        "a past block's end moved",
        () =>
          t.db.execute(sql`update activity_blocks set end_time = end_time + interval '50 minutes'
                                where person_id = ${ben.person.id} and start_time = ${day(4, 22, 45)}::timestamptz`),
      ],
      [
        "a past block's start moved",
        () =>
          t.db.execute(sql`update activity_blocks set start_time = start_time - interval '2 hours'
                                where person_id = ${ana.person.id} and start_time = ${day(2, 7, 10)}::timestamptz`),
      ],
      [
        'a past block deleted',
        () =>
          t.db.execute(sql`delete from activity_blocks
                                where person_id = ${ana.person.id} and start_time = ${day(5, 8, 40)}::timestamptz`),
      ],
      [
        'the ongoing block closed before midnight',
        () =>
          t.db.execute(sql`update activity_blocks set end_time = ${day(1, 21, 0)}::timestamptz
                                where person_id = ${cy.person.id} and end_time is null`),
      ],
      [
        "a person's blocks moved to another person (merge)",
        () =>
          t.db.execute(sql`update activity_blocks set person_id = ${ben.person.id}
                                where person_id = ${cy.person.id} and start_time < ${day(2, 0)}::timestamptz`),
      ],
      ['an integration deleted', () => t.db.execute(sql`delete from integrations where id = ${teams.id}`)],
      ['a person deleted', () => t.db.execute(sql`delete from people where id = ${cy.person.id}`)],
    ];
    for (const [what, change] of changes) {
      await change();
      const after = await expectSameAsBlocks();
      expect(after, what).not.toBe(before);
      before = after;
    }
  });

  it('uses masks only for finished UTC days of half-hour aligned windows, within the horizon', () => {
    const now = Date.UTC(2026, 10, 24, 10, 0);
    const day = (d: number, h = 0, m = 0) => Date.UTC(2026, 10, d, h, m);
    // Berlin (UTC+1): a window from local midnight; the masks stop at the last UTC midnight.
    expect(pastDaysOf(day(16, -1), day(30, -1), now)).toEqual({
      fromDay: day(15) / DAY_MS,
      toDay: day(24) / DAY_MS,
      end: day(24),
    });
    // Within the settling hour after midnight, yesterday is still read from blocks.
    expect(pastDaysOf(day(16), day(30), day(24, 0, 30))?.end).toBe(day(23));
    // A window in the past ends where it ends.
    expect(pastDaysOf(day(10), day(12), now)).toEqual({
      fromDay: day(10) / DAY_MS,
      toDay: day(12) / DAY_MS,
      end: day(12),
    });
    // Kathmandu (UTC+5:45): no masks; a window starting today: none to read; beyond the horizon: none.
    expect(pastDaysOf(day(16, -5, -45), day(30, -5, -45), now)).toBeNull();
    expect(pastDaysOf(day(24), day(25), now)).toBeNull();
    expect(pastDaysOf(Date.UTC(2026, 9, 1), Date.UTC(2026, 9, 15), now)).toBeNull();
  });
});
