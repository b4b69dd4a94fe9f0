import { eq, sql } from 'drizzle-orm';
import { connectorFor } from '../connectors/registry.ts';
import type { Connector, ConnectorIntegration } from '../connectors/types.ts';
import type { AppDeps } from '../core/context.ts';
import type { DbOrTx } from '../db/client.ts';
import { accounts } from '../db/schema/accounts.ts';
import { integrations, services } from '../db/schema/integrations.ts';
import { stepMinutesFor } from '../engine/step.ts';
import { applyPolledPresence } from './apply-polled.ts';
import { backfillHistory } from './backfill.ts';
import { storeEvents } from './events-store.ts';
import { startRun } from './run-recorder.ts';

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
      secretsEncrypted: integrations.secretsEncrypted,
      connectorState: integrations.connectorState,
      consecutiveFailures: integrations.consecutiveFailures,
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

/** Records a failed run's back-off: the next run waits step × 2^failures minutes (at most an hour). */
async function backOff(db: DbOrTx, row: IntegrationRow, stepMinutes: number, now: Date): Promise<void> {
  const failures = row.consecutiveFailures + 1;
  const waitMinutes = Math.min(MAX_BACKOFF_MINUTES, stepMinutes * 2 ** Math.min(failures, 10));
  await db
    .update(integrations)
    .set({ consecutiveFailures: failures, nextRunAt: new Date(now.getTime() + waitMinutes * 60_000) })
    .where(eq(integrations.id, row.id));
}

/**
 * The first run of an integration whose connector reports history (Demo Data) backfills its
 * `historyDays` through the engine in one transaction, recorded as a backfill run; live polls
 * follow every interval.
 */
async function firstRunWithHistory(
  deps: AppDeps,
  connector: Connector,
  row: IntegrationRow,
  days: number,
  now: Date,
): Promise<PollOutcome> {
  const { db } = deps.database;
  try {
    const result = await backfillHistory(deps, connector, row, days, now);
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
  const connector = connectorFor(row.provider);
  if (!connector) return { status: 'skipped', reason: `no connector for ${row.provider}` };

  if (connector.history && connector.historyDays && !row.lastRunAt) {
    return firstRunWithHistory(deps, connector, row, connector.historyDays, now);
  }

  const stepMinutes = await stepMinutesFor(db, row.id);
  const integration: ConnectorIntegration = {
    id: row.id,
    accountId: row.accountId,
    name: row.name,
    config: row.config,
    lastRunAt: row.lastRunAt,
    secretsEncrypted: row.secretsEncrypted,
    state: row.connectorState,
  };
  const since = row.lastRunAt && row.lastRunAt < now ? row.lastRunAt : new Date(now.getTime() - stepMinutes * 60_000);
  const run = await startRun(db, integration, 'poll');
  try {
    const result = await connector.poll({
      config: deps.config,
      secrets: deps.secrets,
      integration,
      now,
      since,
      stepMinutes,
      run,
    });
    const counts = await db.transaction(async (tx) => {
      await applyPolledPresence(tx, integration, result.presence, stepMinutes, run, now);
      const stored = await storeEvents(tx, integration, result.events, run);
      if (result.state !== undefined) {
        await tx
          .update(integrations)
          .set({ connectorState: (result.state ?? null) as Record<string, unknown> | null })
          .where(eq(integrations.id, row.id));
      }
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
    await run.fail(err).catch(() => {});
    await backOff(db, row, stepMinutes, now);
    return { status: 'failed', runId: run.id, error: err instanceof Error ? err.message : String(err) };
  }
}
