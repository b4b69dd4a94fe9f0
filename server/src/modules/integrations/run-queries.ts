import type { IntegrationRun } from '@overlap/contract/integrations';
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { integrationRunEvents, integrationRuns } from '../../db/schema/integrations.ts';

/** Runs shown in the Log tab: the last two days. */
export const RUN_WINDOW_MS = 2 * 24 * 60 * 60_000;
const RUN_LIST_LIMIT = 500;
export const STATISTICS_DAYS = 30;

type RunRow = typeof integrationRuns.$inferSelect;

export function toRun(r: RunRow): IntegrationRun {
  return {
    id: r.id,
    status: r.status,
    trigger: r.trigger,
    startedAt: new Date(r.startedAt).toISOString(),
    finishedAt: r.finishedAt ? new Date(r.finishedAt).toISOString() : null,
    durationMs: r.durationMs,
    peopleFound: r.peopleFound,
    eventsCreated: r.eventsCreated,
    errorMessage: r.errorMessage,
  };
}

export async function selectRecentRuns(db: DbOrTx, integrationId: string, now = new Date()): Promise<RunRow[]> {
  return db
    .select()
    .from(integrationRuns)
    .where(
      and(
        eq(integrationRuns.integrationId, integrationId),
        gte(integrationRuns.startedAt, new Date(now.getTime() - RUN_WINDOW_MS)),
      ),
    )
    .orderBy(desc(integrationRuns.startedAt))
    .limit(RUN_LIST_LIMIT);
}

export async function selectRun(db: DbOrTx, integrationId: string, runId: string) {
  const [run] = await db
    .select()
    .from(integrationRuns)
    .where(and(eq(integrationRuns.integrationId, integrationId), eq(integrationRuns.id, runId)));
  if (!run) return undefined;
  const debugEvents = await db
    .select()
    .from(integrationRunEvents)
    .where(eq(integrationRunEvents.runId, runId))
    .orderBy(asc(integrationRunEvents.timestamp), asc(integrationRunEvents.id));
  return { run, debugEvents };
}

export interface DailyStatisticRow {
  date: string;
  runs: number;
  successfulRuns: number;
  totalPeopleFound: number;
  totalEventsCreated: number;
  avgDurationMs: number;
  lastRunAt: string;
}

/** Per UTC day of the last 30 days, newest first. */
export async function selectDailyStatistics(db: DbOrTx, integrationId: string): Promise<DailyStatisticRow[]> {
  const result = await db.execute<{
    date: string;
    runs: number;
    successful: number;
    people: number;
    events: number;
    avg_ms: number | null;
    last_run_at: Date;
  }>(sql`
    select to_char(started_at at time zone 'UTC', 'YYYY-MM-DD') as date,
           count(*)::int as runs,
           (count(*) filter (where status = 'success'))::int as successful,
           coalesce(sum(people_found), 0)::int as people,
           coalesce(sum(events_created), 0)::int as events,
           round(avg(duration_ms))::int as avg_ms,
           max(started_at) as last_run_at
      from integration_runs
     where integration_id = ${integrationId}
       and started_at >= now() - make_interval(days => ${STATISTICS_DAYS})
     group by 1
     order by 1 desc`);
  return result.rows.map((r) => ({
    date: r.date,
    runs: r.runs,
    successfulRuns: r.successful,
    totalPeopleFound: r.people,
    totalEventsCreated: r.events,
    avgDurationMs: r.avg_ms ?? 0,
    lastRunAt: new Date(r.last_run_at).toISOString(),
  }));
}
