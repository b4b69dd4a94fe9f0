import { computeAllPredictions, computePredictionsForAccount } from '../engine/predictions/job.ts';
import type { JobDefinition } from './index.ts';

export const PREDICTIONS_QUEUE = 'predictions';

/** Daily for every account; also sent with { accountId } after a demo backfill. */
export const job: JobDefinition<{ accountId?: string }> = {
  name: PREDICTIONS_QUEUE,
  cron: '40 2 * * *',
  async handle(deps, data) {
    const { db } = deps.database;
    if (typeof data?.accountId === 'string') await computePredictionsForAccount(db, data.accountId);
    else await computeAllPredictions(db);
  },
};
