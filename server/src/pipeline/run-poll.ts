import { webhookProviders } from '@overlap/contract/inbound';
import { eq, sql } from 'drizzle-orm';
import { isConnectorError } from '../connectors/errors.ts';
import { storedGrant } from '../connectors/oauth-grant.ts';
import { oauthSetupOf } from '../connectors/oauth-providers.ts';
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
import { markNeedsReauthorization, saveGrant } from './integration-grant.ts';
import { closeInterruptedRuns } from './interrupted-runs.ts';
import { keepObservedRange } from './observed-range.ts';
import { runErrorMessage } from './run-error.ts';
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
 * hour, and never sooner than a provider's Retry-After. The next success resets it.
 */
async function backOff(db: DbOrTx, row: IntegrationRow, now: Date, retryAfterSeconds = 0): Promise<void> {
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
    await backOff(db, row, now);
    return { status: 'failed', runId: '', error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * One scheduled run of a polled integration: poll the provider, store what it reports through the
 * engine in one transaction (with a refreshed OAuth grant and the connector's state), record the
 * run. A revoked grant marks the integration as needing re-authorization and stops its polling;
 * any other failure is recorded in the provider's words and backs off.
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
  if (row.needsReauthorization) return { status: 'skipped', reason: 'needs re-authorization' };
  // GitHub and GitLab work through their webhook without any token: their connector says so in the run.
  const worksWithoutGrant = (webhookProviders as readonly string[]).includes(row.provider);
  if (!worksWithoutGrant && oauthSetupOf(deps.config, row.provider) && !storedGrant(deps.secrets, row).accessToken) {
    return { status: 'skipped', reason: 'not connected' };
  }

  await closeInterruptedRuns(db, row.id);
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
    const { presence, events } = keepObservedRange(result, now, run);
    const counts = await db.transaction(async (tx) => {
      if (result.grant) await saveGrant(tx, deps.secrets, row.id, result.grant);
      if (result.state !== undefined) {
        await tx
          .update(integrations)
          .set({ connectorState: (result.state ?? null) as Record<string, unknown> | null })
          .where(eq(integrations.id, row.id));
      }
      await applyPolledPresence(tx, integration, presence, stepMinutes, run, now);
      const stored = await storeEvents(tx, integration, events, run);
      return {
        peopleFound: new Set(presence.map((p) => p.personIdentifier)).size,
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
      await backOff(db, row, now, isConnectorError(err, 'rate_limited') ? (err.retryAfterSeconds ?? 0) : 0);
    }
    return { status: 'failed', runId: run.id, error: message };
  }
}
