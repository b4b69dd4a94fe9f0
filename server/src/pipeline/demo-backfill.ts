import { eq } from 'drizzle-orm';
import { DEFAULT_DEMO_SEED, DEMO_BACKFILL_DAYS, demoConnector } from '../connectors/demo/connector.ts';
import type { AppDeps } from '../core/context.ts';
import { integrations, services } from '../db/schema/integrations.ts';
import { computePredictionsForAccount } from '../engine/predictions/job.ts';
import { type BackfillResult, backfillHistory } from './backfill.ts';

/**
 * Creates a Demo Data integration for the account and backfills `days` of history through the
 * same engine as live data (identities, samples -> blocks, events, rollups) in one transaction.
 * Afterwards the scheduler polls it every interval.
 */
export async function createDemoIntegration(
  deps: AppDeps,
  accountId: string,
  options: { name?: string; seed?: number; days?: number; now?: Date } = {},
): Promise<BackfillResult> {
  const { db } = deps.database;
  const [service] = await db.select({ id: services.id }).from(services).where(eq(services.provider, 'demo'));
  if (!service) throw new Error('the Demo Data service is missing from the catalogue');
  const now = options.now ?? new Date();
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const [integration] = await db
    .insert(integrations)
    .values({
      accountId,
      serviceId: service.id,
      name: options.name ?? 'Demo Data',
      kind: 'presence',
      status: 'active',
      config: { color: '#6366f1', seed },
      lastConnectedAt: now,
    })
    .returning({ id: integrations.id, accountId: integrations.accountId, name: integrations.name });
  if (!integration) throw new Error('could not create the demo integration');
  const result = await backfillHistory(
    deps,
    demoConnector,
    { ...integration, config: { seed }, lastRunAt: null },
    options.days ?? DEMO_BACKFILL_DAYS,
    now,
  );
  // People who are already active (an account re-adding demo data) get predictions straight away.
  await computePredictionsForAccount(db, accountId, now);
  await deps.notify(accountId, 'integrations');
  return result;
}
