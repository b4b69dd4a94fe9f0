import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { createBackfilledDemo, createIntegration } from '../../test/factories/engine.ts';
import { createAccount } from '../../test/factories.ts';
import { registerConnector } from '../connectors/registry.ts';
import { people } from '../db/schema/activity.ts';
import { integrationRuns, integrations } from '../db/schema/integrations.ts';
import { runIntegrationPoll } from './run-poll.ts';
import { claimDueIntegrations } from './schedule.ts';

const t = useTestApp();
const notified: string[] = [];

beforeAll(() => {
  t.deps.notify = async (accountId, topic) => void notified.push(`${accountId}:${topic}`);
});

describe('claimDueIntegrations', () => {
  it('claims each due polled integration exactly once, even when ticks race', async () => {
    const account = await createAccount(t.db, { plan: 'free' });
    const demo = await createIntegration(t.db, account.id, { provider: 'demo' });
    const stopped = await createIntegration(t.db, account.id, { provider: 'demo', status: 'inactive' });
    const pushed = await createIntegration(t.db, account.id, { provider: 'custom' });
    const now = new Date(Date.UTC(2025, 3, 7, 9, 0, 20));
    const claims = await Promise.all(Array.from({ length: 4 }, () => claimDueIntegrations(t.db, now)));
    const mine = claims.flat().filter((id) => [demo.id, stopped.id, pushed.id].includes(id));
    expect(mine).toEqual([demo.id]);
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, demo.id));
    // Free plan: max(service 5, plan 10) minutes, aligned to the minute.
    expect(row?.nextRunAt?.toISOString()).toBe('2025-04-07T09:10:00.000Z');
    expect(await claimDueIntegrations(t.db, new Date(Date.UTC(2025, 3, 7, 9, 9, 59)))).not.toContain(demo.id);
    expect(await claimDueIntegrations(t.db, new Date(Date.UTC(2025, 3, 7, 9, 10, 0)))).toContain(demo.id);
  });

  it('skips suspended accounts', async () => {
    const account = await createAccount(t.db, { status: 'suspended' });
    const demo = await createIntegration(t.db, account.id, { provider: 'demo' });
    expect(await claimDueIntegrations(t.db)).not.toContain(demo.id);
  });
});

describe('runIntegrationPoll', () => {
  it('polls the demo source through the engine and records the run', async () => {
    const account = await createAccount(t.db, { plan: 'business' });
    const demo = await createBackfilledDemo(t.db, account.id, new Date(Date.UTC(2025, 5, 18, 9, 55)));
    // A Wednesday 10:00 UTC: Lisbon and Berlin are at work.
    const outcome = await runIntegrationPoll(t.deps, demo.id, new Date(Date.UTC(2025, 5, 18, 10, 0)));
    expect(outcome).toMatchObject({ status: 'success', peopleFound: 8 });
    const team = await t.db.select().from(people).where(eq(people.accountId, account.id));
    expect(team).toHaveLength(8);
    // Demo people start active and marked as demo (outside the plan's people limit).
    expect(team.every((p) => p.status === 'active' && p.isDemo)).toBe(true);
    expect(team.some((p) => p.isOnline)).toBe(true);
    const runs = await t.db.select().from(integrationRuns).where(eq(integrationRuns.integrationId, demo.id));
    expect(runs.map((r) => [r.trigger, r.status])).toEqual([['poll', 'success']]);
    const blocks = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from activity_blocks where integration_id = ${demo.id} and end_time is null`,
    );
    expect(blocks.rows[0]?.n).toBeGreaterThan(0);
    expect(notified).toContain(`${account.id}:presence`);
  });

  it('records a failure and backs off', async () => {
    onTestFinished(
      registerConnector({
        provider: 'gitlab',
        async poll() {
          throw new Error('provider answered 503');
        },
      }),
    );
    const account = await createAccount(t.db, { plan: 'business' });
    const gitlab = await createIntegration(t.db, account.id, { provider: 'gitlab' });
    const now = new Date(Date.UTC(2025, 5, 18, 10, 0));
    const first = await runIntegrationPoll(t.deps, gitlab.id, now);
    expect(first).toMatchObject({ status: 'failed', error: 'provider answered 503' });
    const second = await runIntegrationPoll(t.deps, gitlab.id, now);
    expect(second.status).toBe('failed');
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, gitlab.id));
    expect(row?.consecutiveFailures).toBe(2);
    // Back-off is 1, 2, 4 ... minutes (at most 60): 2 minutes after the second failure.
    expect(row?.nextRunAt?.getTime()).toBe(now.getTime() + 2 * 60_000);
    const runs = await t.db.select().from(integrationRuns).where(eq(integrationRuns.integrationId, gitlab.id));
    expect(runs.map((r) => [r.status, r.errorMessage])).toEqual([
      ['failed', 'provider answered 503'],
      ['failed', 'provider answered 503'],
    ]);
  });

  it('skips stopped integrations', async () => {
    const account = await createAccount(t.db);
    const demo = await createIntegration(t.db, account.id, { provider: 'demo', status: 'inactive' });
    expect(await runIntegrationPoll(t.deps, demo.id)).toEqual({ status: 'skipped', reason: 'integration is stopped' });
  });
});
