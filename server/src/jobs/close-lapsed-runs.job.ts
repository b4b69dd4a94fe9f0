import { closeLapsedRuns } from '../pipeline/interrupted-runs.ts';
import type { JobDefinition } from './index.ts';

/** Each minute: poll and backfill runs whose process stopped mid-run (their lease lapsed) show failed. */
export const job: JobDefinition = {
  name: 'close-lapsed-runs',
  cron: '* * * * *',
  retryLimit: 0,
  async handle(deps) {
    const closed = await closeLapsedRuns(deps.database.db);
    if (closed.length > 0) console.warn(`[jobs] closed ${closed.length} runs whose process stopped mid-run`);
  },
};
