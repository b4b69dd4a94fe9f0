import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { integrationRuns } from '../db/schema/integrations.ts';

/** What a run shows when the process running it stopped (a crash, a kill) before it ended. */
export const INTERRUPTED_RUN_MESSAGE =
  'Overlap stopped before this run ended; nothing of it was stored, a later run fetched its data again.';

/**
 * Closes as failed the poll and backfill runs of an integration still marked running: a new run of it starts, so those belong to a process that stopped mid-run (their data
 * never committed: a poll stores in one transaction). A run that did go on and ends writes its
 * own outcome over this one.
 */
export async function closeInterruptedRuns(db: DbOrTx, integrationId: string): Promise<number> {
  const closed = await db
    .update(integrationRuns)
    .set({ status: 'failed', finishedAt: sql`now()`, errorMessage: INTERRUPTED_RUN_MESSAGE })
    .where(
      and(
        eq(integrationRuns.integrationId, integrationId),
        eq(integrationRuns.status, 'running'),
        inArray(integrationRuns.trigger, ['poll', 'backfill']),
        lt(integrationRuns.startedAt, sql`now()`),
      ),
    )
    .returning({ id: integrationRuns.id });
  return closed.length;
}
