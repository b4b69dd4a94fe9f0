import { closeSilentBlocks } from '../engine/close-silent.ts';
import type { JobDefinition } from './index.ts';

/** Each minute: apply any presence left in the inbox, then nobody stays online because a source went quiet. */
export const job: JobDefinition = {
  name: 'close-silent-blocks',
  cron: '* * * * *',
  retryLimit: 0,
  async handle(deps) {
    // Presence a crashed process accepted but never applied; the samples may extend ongoing blocks.
    await deps.presence.flush();
    const { accountIds } = await closeSilentBlocks(deps.database.db);
    for (const accountId of accountIds) await deps.notify(accountId, 'presence');
  },
};
