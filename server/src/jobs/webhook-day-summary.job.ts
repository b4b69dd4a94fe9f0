import { queueDaySummaries } from '../pipeline/outgoing-webhooks/day-summary.ts';
import { pruneDeliveries } from '../pipeline/outgoing-webhooks/deliveries.ts';
import type { JobDefinition } from './index.ts';

const KEEP_DELIVERIES_DAYS = 30;

/**
 * Hourly: queues the day.summary of each subscribed account once its latest day has ended for all
 * its people, and deletes finished deliveries older than 30 days. The dispatch job sends them.
 */
export const job: JobDefinition = {
  name: 'webhook-day-summary',
  cron: '5 * * * *',
  async handle(deps) {
    const { db } = deps.database;
    await queueDaySummaries(db);
    await pruneDeliveries(db, new Date(Date.now() - KEEP_DELIVERIES_DAYS * 86_400_000));
  },
};
