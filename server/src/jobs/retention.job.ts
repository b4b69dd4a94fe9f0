import { deleteExpiredActivity, prunePlannerCoverage, pruneRateLimits, pruneRuns } from '../engine/retention.ts';
import { pruneApiCalls } from '../pipeline/api-call-log.ts';
import type { JobDefinition } from './index.ts';

/**
 * Daily: activity older than the plan's retention, run history older than 30 days, ended rate-limit
 * windows, the push API's call log and the planner's day masks past their use.
 */
export const job: JobDefinition = {
  name: 'retention',
  cron: '17 3 * * *',
  async handle(deps) {
    const { db } = deps.database;
    await deleteExpiredActivity(db);
    await pruneRuns(db);
    await pruneRateLimits(db);
    await pruneApiCalls(db);
    await prunePlannerCoverage(db);
  },
};
