import { endExpiredTrials } from '../engine/trials.ts';
import type { JobDefinition } from './index.ts';

/** Every five minutes: accounts whose paid trial ended without a subscription return to free. */
export const job: JobDefinition = {
  name: 'trial-expiry',
  cron: '*/5 * * * *',
  retryLimit: 0,
  async handle(deps) {
    for (const accountId of await endExpiredTrials(deps.database.db)) await deps.notify(accountId, 'account');
  },
};
