import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { type DebugEventKind, integrationRuns } from '../db/schema/integrations.ts';

export type RunTrigger = 'push' | 'poll' | 'backfill' | 'webhook';
export interface RunCounts {
  peopleFound: number;
  eventsCreated: number;
}

/** Records one integration run. integration_start, integration_complete and error are added for you. */
export interface RunRecorder {
  id: string;
  debug(event: DebugEventKind, details?: Record<string, unknown>, durationMs?: number): void;
  /**
   * `within`: write the run in that transaction (so it commits with the run's data) instead of on
   * its own.
   */
  finish(counts: RunCounts, within?: DbOrTx): Promise<void>;
  fail(error: unknown, counts?: RunCounts): Promise<void>;
  /**
   * A deferred run's successful outcome as rows, for a caller writing many runs in one statement
   * (the push API's group commit); `fail` still records a failure if that write does not commit.
   */
  successRows(counts: RunCounts, options?: { complete?: boolean }): { run: RunRow; events: RunEventRow[] };
}

/** An integration_runs row as written by a group of pushes. */
export interface RunRow {
  id: string;
  integration_id: string;
  account_id: string;
  trigger: RunTrigger;
  status: 'success' | 'failed';
  started_at: string;
  finished_at: string;
  duration_ms: number;
  people_found: number;
  events_created: number;
}

/** An integration_run_events row. */
export interface RunEventRow {
  run_id: string;
  event: DebugEventKind;
  ts: string;
  dur: number | null;
  details: Record<string, unknown> | null;
}

/**
 * How often a run written as running refreshes its lease (`heartbeat_at`) while it goes on; the
 * sweep in `interrupted-runs.ts` closes a run whose lease lapsed (`RUN_LEASE_MS`).
 */
export const RUN_HEARTBEAT_MS = 30_000;

/** Debug events kept per run; further ones are counted in one closing milestone. */
export const MAX_DEBUG_EVENTS_PER_RUN = 200;

interface BufferedEvent {
  event: DebugEventKind;
  ts: string;
  dur: number | null;
  details: Record<string, unknown> | null;
}

/** What a run shows for a failure of our storage; the full error goes to the log and Sentry. */
export const STORAGE_FAILURE_MESSAGE = 'Overlap could not store the results of this run; it will try again.';

/** Whether an error came from the database (a failed query, or a driver error with a SQLSTATE). */
export function isDatabaseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.message.startsWith('Failed query')) return true;
  const cause = error.cause as { code?: unknown } | undefined;
  if (cause && typeof cause === 'object' && typeof cause.code === 'string') return true;
  return typeof (error as { code?: unknown }).code === 'string' && 'severity' in error;
}

/** The message a run records: never our SQL or a driver's text. */
export function errorMessageOf(error: unknown): string {
  if (isDatabaseError(error)) return STORAGE_FAILURE_MESSAGE;
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 1000);
}

/**
 * Inserts a running run (or, with deferInsert, for short runs such as a push, writes the run only
 * when it ends: one statement instead of two) and returns a recorder that buffers debug events in memory; finish/fail
 * write the outcome, every debug event and the integration's last_run_at in one statement.
 *
 * A running run keeps a heartbeat on its row every RUN_HEARTBEAT_MS until finish or fail is called,
 * so that its lease lapses when its process stops. `db` is then the pool, never a transaction: the
 * beats must commit while the run goes on.
 */
export async function startRun(
  db: DbOrTx,
  integration: { id: string; accountId: string },
  trigger: RunTrigger,
  options: { deferInsert?: boolean } = {},
): Promise<RunRecorder> {
  const startedAt = new Date();
  let row: { id: string } | undefined;
  if (options.deferInsert) row = { id: randomUUID() };
  else {
    [row] = await db
      .insert(integrationRuns)
      .values({
        integrationId: integration.id,
        accountId: integration.accountId,
        trigger,
        startedAt,
        heartbeatAt: sql`now()`,
      })
      .returning({ id: integrationRuns.id });
  }
  if (!row) throw new Error('could not start the integration run');
  const runId = row.id;
  const heartbeat = options.deferInsert ? undefined : keepHeartbeat(db, runId);
  const buffer: BufferedEvent[] = [];
  let dropped = 0;
  let done = false;

  const debug: RunRecorder['debug'] = (event, details, durationMs) => {
    if (buffer.length >= MAX_DEBUG_EVENTS_PER_RUN - 2) {
      dropped++;
      return;
    }
    buffer.push({
      event,
      ts: new Date().toISOString(),
      dur: durationMs === undefined ? null : Math.round(durationMs),
      details: details ?? null,
    });
  };
  debug('integration_start', { trigger });

  const closing = (status: 'success' | 'failed', counts: RunCounts, errorMessage: string | null, complete = true) => {
    const finishedAt = new Date();
    const durationMs = finishedAt.getTime() - startedAt.getTime();
    const events = [...buffer];
    if (dropped > 0) {
      events.push({
        event: 'milestone',
        ts: finishedAt.toISOString(),
        dur: null,
        details: { message: `${dropped} more debug events were not kept` },
      });
    }
    if (status === 'failed') {
      events.push({
        event: 'error',
        ts: finishedAt.toISOString(),
        dur: durationMs,
        details: { message: errorMessage },
      });
    } else if (complete) {
      events.push({
        event: 'integration_complete',
        ts: finishedAt.toISOString(),
        dur: durationMs,
        details: { ...counts },
      });
    }
    return { finishedAt, durationMs, events };
  };

  const write = async (
    status: 'success' | 'failed',
    counts: RunCounts,
    errorMessage: string | null,
    target: DbOrTx = db,
  ) => {
    // Once the run ends, nothing beats for it: a write that does not commit leaves the lease to
    // lapse unless fail() records the failure.
    clearInterval(heartbeat);
    if (done) return;
    const { finishedAt, durationMs, events } = closing(status, counts, errorMessage);
    const upsertRun = options.deferInsert
      ? sql`insert into integration_runs (id, integration_id, account_id, trigger, status, started_at, finished_at,
                                          duration_ms, people_found, events_created, error_message)
            values (${runId}, ${integration.id}, ${integration.accountId}, ${trigger}, ${status},
                    ${startedAt.toISOString()}::timestamptz, ${finishedAt.toISOString()}::timestamptz, ${durationMs},
                    ${counts.peopleFound}, ${counts.eventsCreated}, ${errorMessage})
            returning id`
      : sql`update integration_runs
           set status = ${status}, finished_at = ${finishedAt.toISOString()}::timestamptz, duration_ms = ${durationMs},
               people_found = ${counts.peopleFound}, events_created = ${counts.eventsCreated},
               error_message = ${errorMessage}
         where id = ${runId}
        returning id`;
    // last_run_at moves at most once a second: concurrent pushes of one integration then rarely wait
    // on its row until each other's commit.
    await target.execute(sql`
      with run as (${upsertRun}), debug as (
        insert into integration_run_events (run_id, event, timestamp, duration_ms, details)
        select run.id, e.event, e.ts, e.dur, e.details
          from run, jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as e(event text, ts timestamptz, dur int, details jsonb)
      )
      update integrations
         set last_run_at = greatest(coalesce(last_run_at, ${startedAt.toISOString()}::timestamptz), ${startedAt.toISOString()}::timestamptz)
       where id = ${integration.id}
         and (last_run_at is null or last_run_at < ${startedAt.toISOString()}::timestamptz - interval '1 second')`);
    // Written inside the caller's transaction, the run only counts as recorded once that commits: a
    // retried transaction writes it again, a failed commit leaves fail() free to record the failure.
    if (target === db) done = true;
  };

  return {
    id: runId,
    debug,
    finish: (counts, within) => write('success', counts, null, within),
    fail: (error, counts = { peopleFound: 0, eventsCreated: 0 }) => write('failed', counts, errorMessageOf(error)),
    // complete: false leaves integration_complete to a caller that writes it with counts only the
    // statement knows (the events push group).
    successRows: (counts, options = {}) => {
      const { finishedAt, durationMs, events } = closing('success', counts, null, options.complete ?? true);
      return {
        run: {
          id: runId,
          integration_id: integration.id,
          account_id: integration.accountId,
          trigger,
          status: 'success',
          started_at: startedAt.toISOString(),
          finished_at: finishedAt.toISOString(),
          duration_ms: durationMs,
          people_found: counts.peopleFound,
          events_created: counts.eventsCreated,
        },
        events: events.map((e) => ({ run_id: runId, ...e })),
      };
    },
  };
}

/**
 * Refreshes a running run's heartbeat every RUN_HEARTBEAT_MS, one beat at a time. A run already
 * closed (by the sweep) stays closed: its own finish writes its outcome. The timer never keeps the
 * process alive.
 */
function keepHeartbeat(db: DbOrTx, runId: string): NodeJS.Timeout {
  let beating = false;
  const timer = setInterval(() => {
    if (beating) return;
    beating = true;
    db.update(integrationRuns)
      .set({ heartbeatAt: sql`now()` })
      .where(and(eq(integrationRuns.id, runId), eq(integrationRuns.status, 'running')))
      .then(
        () => {},
        // A missed beat is retried at the next one; the lease outlasts several.
        (err: unknown) =>
          console.warn(`[runs] heartbeat of run ${runId} failed:`, err instanceof Error ? err.message : err),
      )
      .finally(() => {
        beating = false;
      });
  }, RUN_HEARTBEAT_MS);
  timer.unref();
  return timer;
}
