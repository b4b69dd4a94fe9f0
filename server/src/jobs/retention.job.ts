import { deleteExpiredActivity } from '../engine/retention.ts';
import { pruneApiCalls } from '../pipeline/api-call-log.ts';
import type { JobDefinition } from './index.ts';

/** Daily: activity older than the plan's retention, and the push API's bookkeeping. */
export const job: JobDefinition = {
  name: 'retention',
  cron: '17 3 * * *',
  async handle(deps) {
    const { db } = deps.database;
    await deleteExpiredActivity(db);
    await pruneApiCalls(db);
  },
};
