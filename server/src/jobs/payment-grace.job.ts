import { suspendAfterGrace } from '../engine/billing/grace.ts';
import type { JobDefinition } from './index.ts';

/** Every five minutes: accounts whose payment has been failing for longer than the grace period are suspended. */
export const job: JobDefinition = {
  name: 'payment-grace',
  cron: '*/5 * * * *',
  retryLimit: 0,
  async handle(deps) {
    for (const accountId of await suspendAfterGrace(deps.database.db)) await deps.notify(accountId, 'account');
  },
};
