import { findDueDeliveries } from '../pipeline/outgoing-webhooks/deliveries.ts';
import type { JobDefinition } from './index.ts';
import { queueDeliveryAttempt } from './webhook-delivery.job.ts';

/** Due deliveries queued per minute at most (the rest follow a minute later). */
const BATCH = 1000;

/**
 * Each minute: a delivery attempt for every due webhook delivery nobody holds: new person.online
 * and person.offline events (written by a trigger on people) and any retry whose job was lost.
 */
export const job: JobDefinition = {
  name: 'webhook-dispatch',
  cron: '* * * * *',
  retryLimit: 0,
  async handle(deps, _data, boss) {
    for (const id of await findDueDeliveries(deps.database.db, new Date(), BATCH)) await queueDeliveryAttempt(boss, id);
  },
};
