import { runIntegrationPoll } from '../pipeline/run-poll.ts';
import type { JobDefinition } from './index.ts';

export const RUN_INTEGRATION_QUEUE = 'run-integration';

/**
 * One poll of one integration. Failures are recorded on the run and back off through the
 * integration's next_run_at, so the queue itself does not retry.
 */
export const job: JobDefinition<{ integrationId?: string }> = {
  name: RUN_INTEGRATION_QUEUE,
  retryLimit: 0,
  concurrency: 2,
  async handle(deps, data) {
    if (typeof data.integrationId !== 'string') return;
    const outcome = await runIntegrationPoll(deps, data.integrationId);
    if (outcome.status === 'failed') console.warn(`[jobs] integration ${data.integrationId} failed: ${outcome.error}`);
  },
};
