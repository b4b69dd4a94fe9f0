import { claimDueIntegrations } from '../pipeline/schedule.ts';
import type { JobDefinition } from './index.ts';
import { RUN_INTEGRATION_QUEUE } from './run-integration.job.ts';

/** Each minute: enqueue one run for every polled integration that is due. */
export const job: JobDefinition = {
  name: 'scheduler-tick',
  cron: '* * * * *',
  retryLimit: 0,
  async handle(deps, _data, boss) {
    const due = await claimDueIntegrations(deps.database.db);
    for (const integrationId of due) await boss.send(RUN_INTEGRATION_QUEUE, { integrationId });
  },
};
