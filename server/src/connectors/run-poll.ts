import { eq, sql } from 'drizzle-orm';
import { isConnectorError } from '../connectors/errors.ts';
import type { DbOrTx } from '../db/client.ts';
import { accounts } from '../db/schema/accounts.ts';
import { integrations, services } from '../db/schema/integrations.ts';
import { stepMinutesFor } from '../engine/step.ts';
import type { AppDeps } from '../http/deps.ts';
import { backfillDemo, DEMO_BACKFILL_DAYS } from '../modules/demo/create.ts';
import { storeEvents } from '../modules/events/store.ts';
import { startRun } from '../modules/runs/recorder.ts';
import { markNeedsReauthorization, readGrant } from '../pipeline/integration-grant.ts';
import { oauthSetupOf } from '../pipeline/oauth-providers.ts';
import { PRESENCE_POLL_PROVIDERS, pollPresenceIntegration } from '../pipeline/presence-polls.ts';
import { runErrorMessage } from '../pipeline/run-error.ts';
import { toPollResult } from '../pipeline/sweep-result.ts';
import { applyPolledPresence } from './apply-polled.ts';
import { demoSeedOf } from './demo.ts';
import { connectorFor } from './registry.ts';
import type { ConnectorIntegration } from './types.ts';

/** Longest wait between retries of a failing integration. */
export const MAX_BACKOFF_MINUTES = 60;

export type PollOutcome =
  | { status: 'success'; runId: string; peopleFound: number; eventsCreated: number }
  | { status: 'failed'; runId: string; error: string }
  | { status: 'skipped'; reason: string };

async function loadIntegration(db: DbOrTx, integrationId: string) {
  const [row] = await db
    .select({
      id: integrations.id,
      accountId: integrations.accountId,
      name: integrations.name,
      config: integrations.config,
      status: integrations.status,
      archivedAt: integrations.archivedAt,
      lastRunAt: integrations.lastRunAt,
      consecutiveFailures: integrations.consecutiveFailures,
      secretsEncrypted: integrations.secretsEncrypted,
      connectorState: integrations.connectorState,
      needsReauthorization: integrations.needsReauthorization,
      provider: services.provider,
      accountStatus: accounts.status,
    })
    .from(integrations)
    .innerJoin(services, eq(services.id, integrations.serviceId))
    .innerJoin(accounts, eq(accounts.id, integrations.accountId))
    .where(eq(integrations.id, integrationId));
  return row;
}

type IntegrationRow = NonNullable<Awaited<ReturnType<typeof loadIntegration>>>;

/**
 * Records a failed run's back-off: 1, 2, 4 ... minutes after each consecutive failure, at most an
 * hour, and never sooner than a provider's Retry-After.
 */
async function backOff(
  db: DbOrTx,
  row: IntegrationRow,
  _stepMinutes: number,
  now: Date,
  retryAfterSeconds = 0,
): Promise<void> {
  const failures = row.consecutiveFailures + 1;
  const waitMinutes = Math.max(
    Math.min(MAX_BACKOFF_MINUTES, 2 ** Math.min(failures - 1, 10)),
    Math.ceil(retryAfterSeconds / 60),
  );
  await db
    .update(integrations)
    .set({ consecutiveFailures: failures, nextRunAt: new Date(now.getTime() + waitMinutes * 60_000) })
    .where(eq(integrations.id, row.id));
}

/**
 * The first run of a Demo Data integration backfills its history (DEMO_BACKFILL_DAYS) through the
 * engine in one transaction, recorded as a backfill run; live polls follow every interval.
 */
async function firstDemoRun(deps: AppDeps, row: IntegrationRow, now: Date): Promise<PollOutcome> {
  const { db } = deps.database;
  try {
    const result = await backfillDemo(deps, row, demoSeedOf(row.config), DEMO_BACKFILL_DAYS, now);
    await db
      .update(integrations)
      .set({ consecutiveFailures: 0, lastConnectedAt: sql`coalesce(${integrations.lastConnectedAt}, now())` })
      .where(eq(integrations.id, row.id));
    await deps.notify(row.accountId, 'presence');
    return { status: 'success', runId: result.runId, peopleFound: result.people, eventsCreated: result.events };
  } catch (err) {
    await backOff(db, row, await stepMinutesFor(db, row.id), now);
    return { status: 'failed', runId: '', error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * One scheduled run of a polled integration: poll the provider, store what it reports through the
 * engine in one transaction, record the run. A failure is recorded and backs off: the next run
 * waits step × 2^failures minutes (at most an hour).
 */
export async function runIntegrationPoll(deps: AppDeps, integrationId: string, now = new Date()): Promise<PollOutcome> {
  const { db } = deps.database;
  const row = await loadIntegration(db, integrationId);
  if (!row) return { status: 'skipped', reason: 'integration not found' };
  if (row.status !== 'active' || row.archivedAt) return { status: 'skipped', reason: 'integration is stopped' };
  if (row.accountStatus === 'suspended' || row.accountStatus === 'terminated') {
    return { status: 'skipped', reason: `account is ${row.accountStatus}` };
  }
  if (row.needsReauthorization) return { status: 'skipped', reason: 'needs re-authorization' };
  const presencePoll = PRESENCE_POLL_PROVIDERS.has(row.provider);
  const connector = connectorFor(row.provider);
  if (!connector && !presencePoll) return { status: 'skipped', reason: `no connector for ${row.provider}` };
  if (oauthSetupOf(deps.config, row.provider) && !readGrant(deps.secrets, row).accessToken) {
    return { status: 'skipped', reason: 'not connected' };
  }

  if (row.provider === 'demo' && !row.lastRunAt) return firstDemoRun(deps, row, now);

  const stepMinutes = await stepMinutesFor(db, row.id);
  const integration: ConnectorIntegration = {
    id: row.id,
    accountId: row.accountId,
    name: row.name,
    config: row.config,
    lastRunAt: row.lastRunAt,
  };
  const since = row.lastRunAt && row.lastRunAt < now ? row.lastRunAt : new Date(now.getTime() - stepMinutes * 60_000);
  const run = await startRun(db, integration, 'poll');
  try {
    let result: Awaited<ReturnType<NonNullable<typeof connector>['poll']>>;
    if (presencePoll) {
      const sweep = await pollPresenceIntegration({
        deps,
        integration: { ...row, connectorState: row.connectorState },
        intervalMinutes: stepMinutes,
        trace: run,
      });
      result = toPollResult(sweep);
      await db
        .update(integrations)
        .set({ connectorState: sweep.state as Record<string, unknown> | null })
        .where(eq(integrations.id, row.id));
    } else {
      result = await (connector as NonNullable<typeof connector>).poll({
        deps,
        integration,
        now,
        since,
        stepMinutes,
        run,
      });
    }
    const counts = await db.transaction(async (tx) => {
      await applyPolledPresence(tx, integration, result.presence, stepMinutes, run, now);
      const stored = await storeEvents(tx, integration, result.events, run);
      return {
        peopleFound: new Set(result.presence.map((p) => p.personIdentifier)).size,
        eventsCreated: stored.created,
      };
    });
    await run.finish(counts);
    await db
      .update(integrations)
      .set({ consecutiveFailures: 0, lastConnectedAt: sql`coalesce(${integrations.lastConnectedAt}, now())` })
      .where(eq(integrations.id, row.id));
    await deps.notify(row.accountId, 'presence');
    return { status: 'success', runId: run.id, ...counts };
  } catch (err) {
    const message = runErrorMessage(row.provider, err);
    await run.fail(new Error(message)).catch(() => {});
    if (isConnectorError(err, 'needs_reauthorization')) {
      await markNeedsReauthorization(db, row.id, message);
      await deps.notify(row.accountId, 'integrations');
    } else {
      await backOff(
        db,
        row,
        stepMinutes,
        now,
        isConnectorError(err, 'rate_limited') ? (err.retryAfterSeconds ?? 0) : 0,
      );
    }
    return { status: 'failed', runId: run.id, error: message };
  }
}
