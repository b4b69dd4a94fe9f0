import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { integrationRuns } from '../db/schema/integrations.ts';

/** What a run shows when the process running it stopped (a crash, a kill) before it ended. */
export const INTERRUPTED_RUN_MESSAGE =
  'Overlap stopped before this run ended; nothing of it was stored, a later run fetched its data again.';

/**
 * How long a poll or backfill run may go without a heartbeat before the sweep closes it: six beats
 * of RUN_HEARTBEAT_MS (30 s). A live run can miss a few: its beats share the pool with its own
 * long transaction and with other runs, a large round keeps the event loop busy, a database
 * failover takes a while. Closing a live run is harmless (it writes its own outcome when it ends)
 * but misleading for minutes, so the lease errs long; with the sweep every minute, a run whose
 * process stopped shows failed at most four minutes after its last beat.
 */
export const RUN_LEASE_MS = 3 * 60_000;

async function closeRunsWhere(db: DbOrTx, condition: SQL | undefined): Promise<string[]> {
  const closed = await db
    .update(integrationRuns)
    .set({ status: 'failed', finishedAt: sql`now()`, errorMessage: INTERRUPTED_RUN_MESSAGE })
    .where(
      and(eq(integrationRuns.status, 'running'), inArray(integrationRuns.trigger, ['poll', 'backfill']), condition),
    )
    .returning({ id: integrationRuns.id });
  return closed.map((r) => r.id);
}

/**
 * Closes as failed the poll and backfill runs of an integration still marked running: a new run of it starts, so those belong to a process that stopped mid-run (their data
 * never committed: a poll stores in one transaction). A run that did go on and ends writes its
 * own outcome over this one.
 */
export async function closeInterruptedRuns(db: DbOrTx, integrationId: string): Promise<number> {
  const closed = await closeRunsWhere(
    db,
    and(eq(integrationRuns.integrationId, integrationId), lt(integrationRuns.startedAt, sql`now()`)),
  );
  return closed.length;
}

/**
 * Closes as failed, in every account, the poll and backfill runs still marked running whose lease
 * lapsed: no heartbeat for RUN_LEASE_MS (a run started before leases counts from its start), so the
 * process running it stopped, whatever its integration does next (paused, archived, waiting for
 * re-authorization or a long back-off). Pushes and webhooks are written complete and never
 * running. As with closeInterruptedRuns, a run that did go on writes its own outcome when it ends.
 * Returns the ids of the runs closed.
 */
export async function closeLapsedRuns(db: DbOrTx): Promise<string[]> {
  return closeRunsWhere(
    db,
    lt(
      sql`coalesce(${integrationRuns.heartbeatAt}, ${integrationRuns.startedAt})`,
      sql`now() - make_interval(secs => ${RUN_LEASE_MS / 1000})`,
    ),
  );
}
