import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { createIntegration, createTrackedPerson } from '../../test/factories/engine.ts';
import { createAccount } from '../../test/factories.ts';
import { activityBlocks, activityEvents, people, personIntegrations } from '../db/schema/activity.ts';
import { integrationRunEvents, integrationRuns, integrations } from '../db/schema/integrations.ts';
import { rateLimits } from '../db/schema/users.ts';
import { loadJobs } from '../jobs/index.ts';
import { applyPresenceSamples } from './apply-presence.ts';
import { closeSilentBlocks } from './close-silent.ts';
import { deleteExpiredActivity, prunePlannerCoverage, pruneRateLimits, pruneRuns } from './retention.ts';

const MIN = 60_000;
const DAY = 86_400_000;
const t = useTestApp();

async function trackedWithSamples(plan: string, times: number[]) {
  const account = await createAccount(t.db, { plan });
  const integration = await createIntegration(t.db, account.id);
  const p = await createTrackedPerson(t.db, account.id, integration.id);
  await t.db.update(people).set({ isOnline: true }).where(eq(people.id, p.personId));
  await t.db
    .update(personIntegrations)
    .set({ lastStatus: 'online' })
    .where(eq(personIntegrations.id, p.personIntegrationId));
  await applyPresenceSamples(t.db, {
    accountId: account.id,
    integrationId: integration.id,
    stepMinutes: 5,
    samples: times.map((at) => ({ ...p, at: new Date(at), status: 'online' as const, timezone: 'UTC' })),
    now: new Date(Math.max(...times)),
  });
  return { account, integration, person: p };
}

describe('closeSilentBlocks', () => {
  it('ends blocks whose source went quiet one step after the last sample and marks people offline', async () => {
    const now = Date.now();
    const quiet = await trackedWithSamples('business', [now - 30 * MIN, now - 25 * MIN, now - 20 * MIN]);
    const live = await trackedWithSamples('business', [now - 10 * MIN, now - 5 * MIN, now - MIN]);
    const result = await closeSilentBlocks(t.db, new Date(now));
    expect(result.accountIds).toContain(quiet.account.id);
    expect(result.accountIds).not.toContain(live.account.id);
    const [closed] = await t.db.select().from(activityBlocks).where(eq(activityBlocks.personId, quiet.person.personId));
    expect(closed?.endTime?.getTime()).toBe(now - 15 * MIN);
    const [person] = await t.db.select().from(people).where(eq(people.id, quiet.person.personId));
    expect(person?.isOnline).toBe(false);
    const [pi] = await t.db
      .select()
      .from(personIntegrations)
      .where(eq(personIntegrations.id, quiet.person.personIntegrationId));
    expect(pi?.lastStatus).toBe('offline');
    const [open] = await t.db.select().from(activityBlocks).where(eq(activityBlocks.personId, live.person.personId));
    expect(open?.endTime).toBeNull();
    expect((await closeSilentBlocks(t.db, new Date(now))).accountIds).not.toContain(quiet.account.id);
  });
});

describe('closeSilentBlocks with a learned or set timeout', () => {
  it("waits for a slow source's own cadence plus half, and for the timeout set in Setup", async () => {
    const now = Date.now();
    const tenMinutes = (quietFor: number) => [30, 20, 10, 0].map((x) => now - (quietFor + x) * MIN);
    // Every 10 minutes: open for 15 minutes after the last report, then ended 10 minutes after it.
    const waiting = await trackedWithSamples('business', tenMinutes(14));
    const quiet = await trackedWithSamples('business', tenMinutes(16));
    // Every 5 minutes, with 20 minutes set in Setup: still open after 15 minutes of silence.
    const set = await trackedWithSamples(
      'business',
      [35, 30, 25, 20, 15].map((x) => now - x * MIN),
    );
    await t.db
      .update(integrations)
      .set({ config: { silence_timeout_minutes: 20 } })
      .where(eq(integrations.id, set.integration.id));
    await closeSilentBlocks(t.db, new Date(now));
    const endOf = async (personId: string) =>
      (await t.db.select().from(activityBlocks).where(eq(activityBlocks.personId, personId))).map(
        (b) => b.endTime?.getTime() ?? null,
      );
    expect(await endOf(waiting.person.personId)).toEqual([null]);
    expect(await endOf(quiet.person.personId)).toEqual([now - 6 * MIN]);
    expect(await endOf(set.person.personId)).toEqual([null]);
    await closeSilentBlocks(t.db, new Date(now + 6 * MIN));
    expect(await endOf(set.person.personId)).toEqual([now - 10 * MIN]);
  });
});

describe('deleteExpiredActivity', () => {
  it("deletes activity older than the plan's retention and keeps the rest", async () => {
    const now = Date.now();
    const free = await trackedWithSamples('free', [now - 10 * DAY, now - 10 * DAY + 5 * MIN, now - DAY]);
    const paid = await trackedWithSamples('scaleup', [now - 400 * DAY, now - DAY]);
    for (const s of [free, paid]) {
      await t.db.insert(activityEvents).values({
        accountId: s.account.id,
        integrationId: s.integration.id,
        personId: s.person.personId,
        personIntegrationId: s.person.personIntegrationId,
        externalId: 'old',
        kind: 'git_commit',
        timestamp: new Date(now - 30 * DAY),
      });
    }
    await deleteExpiredActivity(t.db, new Date(now));
    const count = async (accountId: string) =>
      (
        await t.db.execute<{ blocks: number; events: number; samples: number }>(sql`
          select (select count(*)::int from activity_blocks where account_id = ${accountId}) as blocks,
                 (select count(*)::int from activity_events where account_id = ${accountId}) as events,
                 (select count(*)::int from presence_samples s join person_integrations pi on pi.id = s.person_integration_id
                   where pi.account_id = ${accountId}) as samples`)
      ).rows[0];
    expect(await count(free.account.id)).toEqual({ blocks: 1, events: 0, samples: 1 });
    expect(await count(paid.account.id)).toEqual({ blocks: 2, events: 1, samples: 2 });
  });
});

async function runsAged(daysAgo: number[], now: number) {
  const account = await createAccount(t.db, { plan: 'business' });
  const integration = await createIntegration(t.db, account.id);
  const rows = await t.db
    .insert(integrationRuns)
    .values(
      daysAgo.map((d) => ({
        integrationId: integration.id,
        accountId: account.id,
        trigger: 'poll' as const,
        status: 'success' as const,
        startedAt: new Date(now - d * DAY),
      })),
    )
    .returning({ id: integrationRuns.id });
  await t.db.insert(integrationRunEvents).values(rows.map((r) => ({ runId: r.id, event: 'milestone' as const })));
  return rows.map((r) => r.id);
}

const runIdsOf = async (ids: string[]) =>
  (await t.db.select({ id: integrationRuns.id }).from(integrationRuns))
    .map((r) => r.id)
    .filter((id) => ids.includes(id));
const runEventCount = async (ids: string[]) =>
  (await t.db.select({ runId: integrationRunEvents.runId }).from(integrationRunEvents)).filter((e) =>
    ids.includes(e.runId),
  ).length;

describe('pruneRuns', () => {
  it('deletes runs (with their debug events) that started more than 30 days ago and keeps the rest', async () => {
    const now = Date.now() + 1000 * DAY;
    const [old, recent, today] = await runsAged([30.5, 29.5, 0], now);
    expect(await pruneRuns(t.db, new Date(now))).toEqual({ deleted: 1 });
    expect((await runIdsOf([old!, recent!, today!])).sort()).toEqual([recent!, today!].sort());
    expect(await runEventCount([old!])).toBe(0);
    expect(await runEventCount([recent!, today!])).toBe(2);
  });
});

describe('pruneRateLimits', () => {
  it('drops rate-limit windows that have ended and keeps the open ones', async () => {
    const now = Date.now() + 2000 * DAY;
    await t.db.insert(rateLimits).values([
      { key: 'test:ended', count: 5, resetAt: new Date(now - MIN) },
      { key: 'test:open', count: 2, resetAt: new Date(now + MIN) },
    ]);
    expect(await pruneRateLimits(t.db, new Date(now))).toEqual({ deleted: 1 });
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys.filter((k) => k.startsWith('test:'))).toEqual(['test:open']);
  });
});

describe('prunePlannerCoverage', () => {
  it("drops the planner's day masks older than 45 days (UTC) and keeps the others", async () => {
    const account = await createAccount(t.db, { plan: 'business' });
    const integration = await createIntegration(t.db, account.id);
    const p = await createTrackedPerson(t.db, account.id, integration.id);
    const now = new Date('2026-03-20T10:00:00Z');
    for (const day of ['2026-02-02', '2026-02-03', '2026-03-19']) {
      await t.db.execute(sql`insert into planner_coverage_days (person_id, day, account_id, version, online_mask, mask_version)
                             values (${p.personId}, ${day}::date, ${account.id}, 1, 7, 1)`);
    }
    expect(await prunePlannerCoverage(t.db, now)).toEqual({ deleted: 1 });
    const rows = await t.db.execute<{ day: string }>(
      sql`select day::text as day from planner_coverage_days where person_id = ${p.personId} order by day`,
    );
    expect(rows.rows.map((r) => r.day)).toEqual(['2026-02-03', '2026-03-19']);
  });
});

describe('retention job', () => {
  it('prunes activity, run history older than 30 days and ended rate-limit windows', async () => {
    const now = Date.now();
    const [old, recent] = await runsAged([31, 1], now);
    await t.db.insert(rateLimits).values([
      { key: 'job:ended', count: 1, resetAt: new Date(now - MIN) },
      { key: 'job:open', count: 1, resetAt: new Date(now + 60 * MIN) },
    ]);
    const job = loadJobs().find((j) => j.name === 'retention');
    await job?.handle(t.deps, {}, undefined as never);
    expect(await runIdsOf([old!, recent!])).toEqual([recent!]);
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys.filter((k) => k.startsWith('job:'))).toEqual(['job:open']);
  });
});

describe('jobs', () => {
  it('registers the scheduler, runs, retention, predictions and silence jobs', async () => {
    const jobs = loadJobs();
    const byName = new Map(jobs.map((j) => [j.name, j]));
    expect(byName.get('scheduler-tick')?.cron).toBe('* * * * *');
    expect(byName.get('close-silent-blocks')?.cron).toBe('* * * * *');
    expect(byName.get('retention')?.cron).toMatch(/^\S+ \S+ \S+ \S+ \S+$/);
    expect(byName.get('predictions')?.cron).toMatch(/^\S+ \S+ \S+ \S+ \S+$/);
    expect(byName.get('run-integration')?.cron).toBeUndefined();
  });

  it("the close-silent-blocks job's handler ends a quiet block and tells the account's dashboards", async () => {
    const now = Date.now();
    const quiet = await trackedWithSamples('business', [now - 30 * MIN, now - 25 * MIN, now - 20 * MIN]);
    const told: string[] = [];
    const notify = t.deps.notify;
    t.deps.notify = async (accountId, topic) => {
      told.push(`${accountId}:${topic}`);
    };
    try {
      const job = loadJobs().find((j) => j.name === 'close-silent-blocks');
      await job?.handle(t.deps, {}, undefined as never);
    } finally {
      t.deps.notify = notify;
    }
    const [closed] = await t.db.select().from(activityBlocks).where(eq(activityBlocks.personId, quiet.person.personId));
    expect(closed?.endTime?.getTime()).toBe(now - 15 * MIN);
    const [person] = await t.db.select().from(people).where(eq(people.id, quiet.person.personId));
    expect(person?.isOnline).toBe(false);
    expect(told).toContain(`${quiet.account.id}:presence`);
  });
});
