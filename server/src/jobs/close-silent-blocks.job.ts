import { closeSilentBlocks } from '../engine/close-silent.ts';
import type { JobDefinition } from './index.ts';

/** Each minute: nobody stays online because a source went quiet. */
export const job: JobDefinition = {
  name: 'close-silent-blocks',
  cron: '* * * * *',
  retryLimit: 0,
  async handle(deps) {
    const { accountIds } = await closeSilentBlocks(deps.database.db);
    for (const accountId of accountIds) await deps.notify(accountId, 'presence');
  },
};
