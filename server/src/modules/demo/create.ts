import { and, eq, isNull } from 'drizzle-orm';
import { applyPolledPresence } from '../../connectors/apply-polled.ts';
import { DEFAULT_DEMO_SEED } from '../../connectors/demo.ts';
import { integrations, services } from '../../db/schema/integrations.ts';
import { computePredictionsForAccount } from '../../engine/predictions/job.ts';
import { stepMinutesFor } from '../../engine/step.ts';
import type { AppDeps } from '../../http/deps.ts';
import { storeEvents } from '../events/store.ts';
import { startRun } from '../runs/recorder.ts';
import { generateEvents, generatePresence } from './generator.ts';
import { DEMO_TEAM } from './team.ts';

export const DEMO_BACKFILL_DAYS = 90;
const SAMPLE_CHUNK = 20_000;
const EVENT_CHUNK = 2_000;

export interface DemoBackfillResult {
  integrationId: string;
  runId: string;
  people: number;
  samples: number;
  events: number;
  durationMs: number;
}

/**
 * Creates a Demo Data integration for the account and backfills `days` of history through the
 * same engine as live data (identities, samples -> blocks, events, rollups) in one transaction.
 * Afterwards the scheduler polls it every interval.
 */
export async function createDemoIntegration(
  deps: AppDeps,
  accountId: string,
  options: { name?: string; seed?: number; days?: number; now?: Date } = {},
): Promise<DemoBackfillResult> {
  const { db } = deps.database;
  const [service] = await db.select({ id: services.id }).from(services).where(eq(services.provider, 'demo'));
  if (!service) throw new Error('the Demo Data service is missing from the catalogue');
  const now = options.now ?? new Date();
  const [integration] = await db
    .insert(integrations)
    .values({
      accountId,
      serviceId: service.id,
      name: options.name ?? 'Demo Data',
      kind: 'presence',
      status: 'active',
      config: { color: '#6366f1', seed: options.seed ?? DEFAULT_DEMO_SEED },
      lastConnectedAt: now,
    })
    .returning({ id: integrations.id, accountId: integrations.accountId });
  if (!integration) throw new Error('could not create the demo integration');
  const result = await backfillDemo(
    deps,
    integration,
    options.seed ?? DEFAULT_DEMO_SEED,
    options.days ?? DEMO_BACKFILL_DAYS,
    now,
  );
  // People who are already active (an account re-adding demo data) get predictions straight away.
  await computePredictionsForAccount(db, accountId, now);
  await deps.notify(accountId, 'integrations');
  return result;
}

/** Generates and stores `days` of demo history up to `now`, then schedules the first live poll. */
export async function backfillDemo(
  deps: AppDeps,
  integration: { id: string; accountId: string },
  seed: number,
  days: number,
  now: Date,
): Promise<DemoBackfillResult> {
  const started = performance.now();
  const { db } = deps.database;
  const to = now.getTime();
  const from = to - days * 86_400_000;
  const stepMinutes = await stepMinutesFor(db, integration.id);
  const byKey = new Map(DEMO_TEAM.map((m) => [m.key, m]));
  const presence = generatePresence(seed, from, to, stepMinutes).map((s) => {
    const member = byKey.get(s.key);
    return {
      personIdentifier: s.key,
      status: s.status,
      at: new Date(s.at),
      name: member?.name,
      email: member?.email,
      timezone: member?.timezone,
    };
  });
  const events = generateEvents(seed, from, to).map((e) => ({
    externalId: e.externalId,
    kind: e.kind,
    timestamp: new Date(e.timestamp),
    title: e.title,
    url: e.url,
    personIdentifier: e.key,
    metadata: e.metadata,
  }));
  presence.sort((a, b) => a.at.getTime() - b.at.getTime());

  const run = await startRun(db, integration, 'backfill');
  try {
    let created = 0;
    await db.transaction(async (tx) => {
      for (let i = 0; i < presence.length; i += SAMPLE_CHUNK) {
        await applyPolledPresence(tx, integration, presence.slice(i, i + SAMPLE_CHUNK), stepMinutes, run, now);
      }
      for (let i = 0; i < events.length; i += EVENT_CHUNK) {
        created += (await storeEvents(tx, integration, events.slice(i, i + EVENT_CHUNK), run)).created;
      }
      await tx
        .update(integrations)
        .set({ nextRunAt: new Date(to + stepMinutes * 60_000) })
        .where(and(eq(integrations.id, integration.id), isNull(integrations.archivedAt)));
    });
    run.debug('milestone', { message: `backfilled ${days} days`, samples: presence.length, events: created });
    await run.finish({ peopleFound: DEMO_TEAM.length, eventsCreated: created });
  } catch (err) {
    await run.fail(err).catch(() => {});
    throw err;
  }
  return {
    integrationId: integration.id,
    runId: run.id,
    people: DEMO_TEAM.length,
    samples: presence.length,
    events: events.length,
    durationMs: Math.round(performance.now() - started),
  };
}
