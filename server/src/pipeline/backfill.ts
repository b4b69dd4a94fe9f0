import { and, eq, isNull } from 'drizzle-orm';
import type { Connector, ConnectorIntegration } from '../connectors/types.ts';
import type { AppDeps } from '../core/context.ts';
import { integrations } from '../db/schema/integrations.ts';
import { stepMinutesFor } from '../engine/step.ts';
import { applyPolledPresence } from './apply-polled.ts';
import { storeEvents } from './events-store.ts';
import { keepObservedRange } from './observed-range.ts';
import { startRun } from './run-recorder.ts';

const SAMPLE_CHUNK = 20_000;
const EVENT_CHUNK = 2_000;

export interface BackfillResult {
  integrationId: string;
  runId: string;
  people: number;
  samples: number;
  events: number;
  durationMs: number;
}

/**
 * Stores `days` of the connector's history up to `now` through the same engine as live data
 * (identities, samples -> blocks, events, rollups) in one transaction, recorded as a backfill run,
 * and schedules the first live poll one step later.
 */
export async function backfillHistory(
  deps: AppDeps,
  connector: Connector,
  integration: ConnectorIntegration,
  days: number,
  now: Date,
): Promise<BackfillResult> {
  if (!connector.history) throw new Error(`the ${connector.provider} connector reports no history`);
  const started = performance.now();
  const { db } = deps.database;
  const stepMinutes = await stepMinutesFor(db, integration.id);
  const run = await startRun(db, integration, 'backfill');
  try {
    const history = await connector.history({
      config: deps.config,
      secrets: deps.secrets,
      integration,
      now,
      since: new Date(now.getTime() - days * 86_400_000),
      stepMinutes,
      run,
    });
    const { presence, events } = keepObservedRange(history, now, run);
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
        .set({ nextRunAt: new Date(now.getTime() + stepMinutes * 60_000) })
        .where(and(eq(integrations.id, integration.id), isNull(integrations.archivedAt)));
    });
    run.debug('milestone', { message: `backfilled ${days} days`, samples: presence.length, events: created });
    await run.finish({ peopleFound: history.people, eventsCreated: created });
    return {
      integrationId: integration.id,
      runId: run.id,
      people: history.people,
      samples: presence.length,
      events: events.length,
      durationMs: Math.round(performance.now() - started),
    };
  } catch (err) {
    await run.fail(err).catch(() => {});
    throw err;
  }
}
