import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createIntegration, createTrackedPerson } from '../../test/factories/engine.ts';
import { createAccount } from '../../test/factories.ts';
import { activityBlocks, activityEvents, people, personIntegrations } from '../db/schema/activity.ts';
import { loadJobs } from '../jobs/index.ts';
import { applyPresenceSamples } from './apply-presence.ts';
import { closeSilentBlocks } from './close-silent.ts';
import { deleteExpiredActivity } from './retention.ts';

const MIN = 60_000;
const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

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

describe('jobs', () => {
  it('registers the scheduler, runs, retention, predictions and silence jobs', async () => {
    const jobs = loadJobs();
    const byName = new Map(jobs.map((j) => [j.name, j]));
    expect(byName.get('scheduler-tick')?.cron).toBe('* * * * *');
    expect(byName.get('close-silent-blocks')?.cron).toBe('* * * * *');
    expect(byName.get('retention')?.cron).toBeDefined();
    expect(byName.get('predictions')?.cron).toBeDefined();
    expect(byName.get('run-integration')?.cron).toBeUndefined();
  });
});
