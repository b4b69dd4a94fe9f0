import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { createBackfilledDemo, createIntegration } from '../../test/factories/engine.ts';
import { createAccount } from '../../test/factories.ts';
import { deferred } from '../../test/held-transaction.ts';
import { demoConnector } from '../connectors/demo/connector.ts';
import { integrationRunEvents, integrationRuns } from '../db/schema/integrations.ts';
import { loadJobs } from '../jobs/index.ts';
import { closeLapsedRuns, INTERRUPTED_RUN_MESSAGE, RUN_LEASE_MS } from './interrupted-runs.ts';
import { runIntegrationPoll } from './run-poll.ts';
import { RUN_HEARTBEAT_MS, startRun } from './run-recorder.ts';

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

type RunValues = typeof integrationRuns.$inferInsert;

const runsById = async (ids: string[]) =>
  new Map((await t.db.select().from(integrationRuns).where(inArray(integrationRuns.id, ids))).map((r) => [r.id, r]));

describe('the lease of a run in progress', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('the sweep closes, in every account, the running poll and backfill runs whose heartbeat is older than the lease, and changes nothing else', async () => {
    const now = Date.now();
    const ago = (ms: number) => new Date(now - ms);
    const stale = ago(RUN_LEASE_MS + 60_000);
    const fresh = ago(RUN_LEASE_MS - 60_000);
    const mine = await createAccount(t.db, { plan: 'business' });
    const theirs = await createAccount(t.db, { plan: 'business' });
    const a = await createIntegration(t.db, mine.id, { provider: 'demo' });
    const b = await createIntegration(t.db, theirs.id, { provider: 'demo' });
    const run = (integration: { id: string; accountId: string }, values: Partial<RunValues>): RunValues => ({
      integrationId: integration.id,
      accountId: integration.accountId,
      trigger: 'poll',
      startedAt: ago(10 * 60_000),
      ...values,
    });
    const rows = await t.db
      .insert(integrationRuns)
      .values([
        run(a, { heartbeatAt: stale }),
        // Started before leases: its start stands for its heartbeat.
        run(a, { trigger: 'backfill', heartbeatAt: null }),
        run(a, { startedAt: ago(2 * 3_600_000), heartbeatAt: fresh }),
        run(a, { trigger: 'backfill', startedAt: ago(60_000), heartbeatAt: null }),
        run(a, {
          status: 'success',
          finishedAt: ago(5 * 60_000),
          durationMs: 300_000,
          peopleFound: 4,
          heartbeatAt: stale,
        }),
        run(a, { trigger: 'push', heartbeatAt: stale }),
        run(b, { heartbeatAt: stale, peopleFound: 2 }),
        run(b, { trigger: 'backfill', heartbeatAt: fresh }),
        run(b, {
          status: 'failed',
          finishedAt: ago(9 * 60_000),
          errorMessage: 'provider answered 503',
          heartbeatAt: stale,
        }),
      ])
      .returning();
    const ids = rows.map((r) => r.id);
    const [aStale, aBeforeLeases, , , , , bStale] = ids;
    const before = await runsById(ids);

    const sweptAt = Date.now();
    const closed = (await closeLapsedRuns(t.db)).filter((id) => ids.includes(id));
    const sweptBy = Date.now();

    expect(closed.sort()).toEqual([aStale, aBeforeLeases, bStale].sort());
    const after = await runsById(ids);
    for (const id of ids) {
      const was = before.get(id);
      if (!closed.includes(id)) {
        expect(after.get(id)).toEqual(was);
        continue;
      }
      const finishedAt = after.get(id)?.finishedAt?.getTime() ?? 0;
      expect(after.get(id)).toEqual({
        ...was,
        status: 'failed',
        errorMessage: INTERRUPTED_RUN_MESSAGE,
        finishedAt: expect.any(Date),
      });
      expect(finishedAt).toBeGreaterThanOrEqual(sweptAt - 1);
      expect(finishedAt).toBeLessThanOrEqual(sweptBy + 1);
    }
    expect(await closeLapsedRuns(t.db)).not.toContain(aStale);
  });

  it.each([
    ['finishes', 'success', null],
    ['fails', 'failed', 'provider answered 503'],
  ] as const)('is refreshed while a poll goes on, and no longer once it %s', async (_ends, status, errorMessage) => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const account = await createAccount(t.db, { plan: 'business' });
    const demo = await createBackfilledDemo(t.db, account.id, new Date(Date.UTC(2025, 5, 18, 9, 55)));
    const polling = deferred();
    const released = deferred();
    const poll = demoConnector.poll.bind(demoConnector);
    vi.spyOn(demoConnector, 'poll').mockImplementation(async (ctx) => {
      polling.resolve();
      await released.promise;
      if (errorMessage) throw new Error(errorMessage);
      return poll(ctx);
    });

    const outcome = runIntegrationPoll(t.deps, demo.id, new Date(Date.UTC(2025, 5, 18, 10, 0)));
    await polling.promise;
    const [running] = await t.db.select().from(integrationRuns).where(eq(integrationRuns.integrationId, demo.id));
    expect(running?.status).toBe('running');
    expect(running?.heartbeatAt).toBeInstanceOf(Date);
    const runId = running?.id ?? '';
    const long = new Date(Date.UTC(2025, 0, 1));
    const heartbeatOf = async () => (await runsById([runId])).get(runId)?.heartbeatAt?.getTime();
    for (let beat = 0; beat < 2; beat++) {
      await t.db.update(integrationRuns).set({ heartbeatAt: long }).where(eq(integrationRuns.id, runId));
      vi.advanceTimersByTime(RUN_HEARTBEAT_MS);
      await vi.waitFor(async () => expect(await heartbeatOf()).toBeGreaterThan(long.getTime()));
    }
    expect(vi.getTimerCount()).toBe(1);

    released.resolve();
    expect(await outcome).toMatchObject({ status, runId });
    expect(vi.getTimerCount()).toBe(0);
    const ended = (await runsById([runId])).get(runId);
    expect([ended?.status, ended?.errorMessage]).toEqual([status, errorMessage]);
  });

  it.each([
    ['finishes', 'success', null],
    ['fails', 'failed', 'provider answered 503'],
  ] as const)('a run the sweep closed that then %s writes its own outcome', async (_ends, status, errorMessage) => {
    const account = await createAccount(t.db, { plan: 'business' });
    const integration = await createIntegration(t.db, account.id, { provider: 'demo' });
    const run = await startRun(t.db, integration, 'poll');
    await t.db
      .update(integrationRuns)
      .set({ heartbeatAt: new Date(Date.now() - RUN_LEASE_MS - 60_000) })
      .where(eq(integrationRuns.id, run.id));
    expect(await closeLapsedRuns(t.db)).toContain(run.id);
    const swept = (await runsById([run.id])).get(run.id);
    expect([swept?.status, swept?.errorMessage]).toEqual(['failed', INTERRUPTED_RUN_MESSAGE]);

    if (errorMessage) await run.fail(new Error(errorMessage), { peopleFound: 3, eventsCreated: 2 });
    else await run.finish({ peopleFound: 3, eventsCreated: 2 });
    const ended = (await runsById([run.id])).get(run.id);
    expect(ended).toMatchObject({ status, errorMessage, peopleFound: 3, eventsCreated: 2 });
    expect(ended?.finishedAt?.getTime()).toBeGreaterThanOrEqual(swept?.finishedAt?.getTime() ?? Infinity);
    const events = await t.db
      .select({ event: integrationRunEvents.event })
      .from(integrationRunEvents)
      .where(eq(integrationRunEvents.runId, run.id))
      .orderBy(integrationRunEvents.id);
    expect(events.map((e) => e.event)).toEqual(['integration_start', errorMessage ? 'error' : 'integration_complete']);
  });

  it('the close-lapsed-runs job sweeps every minute', async () => {
    const job = loadJobs().find((j) => j.name === 'close-lapsed-runs');
    expect(job?.cron).toBe('* * * * *');
    const account = await createAccount(t.db, { plan: 'business' });
    const integration = await createIntegration(t.db, account.id, { provider: 'demo' });
    const [lapsed] = await t.db
      .insert(integrationRuns)
      .values({
        integrationId: integration.id,
        accountId: account.id,
        trigger: 'backfill',
        heartbeatAt: new Date(Date.now() - RUN_LEASE_MS - 60_000),
      })
      .returning();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await job?.handle(t.deps, {}, undefined as never);
    const row = (await runsById([lapsed?.id ?? ''])).get(lapsed?.id ?? '');
    expect([row?.status, row?.errorMessage]).toEqual(['failed', INTERRUPTED_RUN_MESSAGE]);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/^\[jobs\] closed \d+ runs whose process stopped mid-run$/),
    );
  });
});
