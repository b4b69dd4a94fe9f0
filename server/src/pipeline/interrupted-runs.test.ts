import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { createBackfilledDemo, createIntegration } from '../../test/factories/engine.ts';
import { createAccount } from '../../test/factories.ts';
import { integrationRuns } from '../db/schema/integrations.ts';
import { INTERRUPTED_RUN_MESSAGE } from './interrupted-runs.ts';
import { runIntegrationPoll } from './run-poll.ts';
import { startRun } from './run-recorder.ts';

const t = useTestApp();

describe('runs of a process that stopped mid-run', () => {
  it('are closed as failed when the next poll of their integration starts; pushes are left alone', async () => {
    const account = await createAccount(t.db, { plan: 'business' });
    const demo = await createBackfilledDemo(t.db, account.id, new Date(Date.UTC(2025, 5, 18, 9, 55)));
    const stale = await startRun(t.db, demo, 'poll');
    const push = await startRun(t.db, demo, 'push');
    const other = await createIntegration(t.db, account.id, { provider: 'demo' });
    const otherStale = await startRun(t.db, other, 'backfill');

    const outcome = await runIntegrationPoll(t.deps, demo.id, new Date(Date.UTC(2025, 5, 18, 10, 0)));
    expect(outcome).toMatchObject({ status: 'success', peopleFound: 8 });
    const runs = await t.db
      .select({ id: integrationRuns.id, status: integrationRuns.status, error: integrationRuns.errorMessage })
      .from(integrationRuns)
      .where(eq(integrationRuns.accountId, account.id));
    const byId = new Map(runs.map((r) => [r.id, r]));
    expect(byId.get(stale.id)).toEqual({ id: stale.id, status: 'failed', error: INTERRUPTED_RUN_MESSAGE });
    expect(byId.get(push.id)).toEqual({ id: push.id, status: 'running', error: null });
    expect(byId.get(otherStale.id)).toEqual({ id: otherStale.id, status: 'running', error: null });
    expect(outcome.status === 'success' && byId.get(outcome.runId)?.status).toBe('success');
  });

  it('a run that was only slow writes its own outcome over the closing', async () => {
    const account = await createAccount(t.db, { plan: 'business' });
    const demo = await createBackfilledDemo(t.db, account.id, new Date(Date.UTC(2025, 5, 18, 9, 55)));
    const slow = await startRun(t.db, demo, 'poll');
    await runIntegrationPoll(t.deps, demo.id, new Date(Date.UTC(2025, 5, 18, 10, 0)));
    await slow.finish({ peopleFound: 3, eventsCreated: 0 });
    const [row] = await t.db.select().from(integrationRuns).where(eq(integrationRuns.id, slow.id));
    expect([row?.status, row?.errorMessage, row?.peopleFound]).toEqual(['success', null, 3]);
  });
});
