import PgBoss from 'pg-boss';
import type { AppDeps } from '../core/context.ts';
import { job as closeLapsedRunsJob } from './close-lapsed-runs.job.ts';
import { job as closeSilentBlocksJob } from './close-silent-blocks.job.ts';
import { job as localBillingJob } from './local-billing.job.ts';
import { job as paymentGraceJob } from './payment-grace.job.ts';
import { job as predictionsJob } from './predictions.job.ts';
import { job as retentionJob } from './retention.job.ts';
import { job as runIntegrationJob } from './run-integration.job.ts';
import { job as schedulerTickJob } from './scheduler-tick.job.ts';
import { job as trialExpiryJob } from './trial-expiry.job.ts';
import { job as webhookDaySummaryJob } from './webhook-day-summary.job.ts';
import { job as webhookDeliveryJob } from './webhook-delivery.job.ts';
import { job as webhookDispatchJob } from './webhook-dispatch.job.ts';

/** One background job: its queue, optional cron schedule, retry policy and handler. */
export interface JobDefinition<T extends object = Record<string, unknown>> {
  name: string;
  /** Cron expression (UTC) for recurring jobs. */
  cron?: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** pg-boss queue policy; 'short' keeps one waiting job per singletonKey. */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  /** How many jobs of this queue one process works on at once. */
  concurrency?: number;
  handle(deps: AppDeps, data: T, boss: PgBoss): Promise<void>;
}

/** Every pg-boss queue, one file each: a queue not listed here is never created or worked. */
export function loadJobs(): JobDefinition[] {
  return [
    closeLapsedRunsJob,
    closeSilentBlocksJob,
    localBillingJob,
    paymentGraceJob,
    predictionsJob,
    retentionJob,
    runIntegrationJob,
    schedulerTickJob,
    trialExpiryJob,
    webhookDaySummaryJob,
    webhookDeliveryJob,
    webhookDispatchJob,
  ] as JobDefinition[];
}

export interface JobRunner {
  boss: PgBoss;
  stop(): Promise<void>;
}

export async function startJobs(deps: AppDeps, options: { work: boolean }): Promise<JobRunner> {
  const boss = new PgBoss({ connectionString: deps.database.url, schema: 'pgboss', max: 4 });
  boss.on('error', (err) => console.error('[jobs]', err.message));
  await boss.start();
  const jobs = loadJobs();
  for (const job of jobs) {
    await boss.createQueue(job.name, {
      name: job.name,
      retryLimit: job.retryLimit ?? 3,
      retryDelay: job.retryDelaySeconds ?? 30,
      retryBackoff: job.retryBackoff ?? true,
      ...(job.policy ? { policy: job.policy } : {}),
    });
    if (job.cron) await boss.schedule(job.name, job.cron);
    for (let i = 0; options.work && i < (job.concurrency ?? 1); i++) {
      await boss.work(job.name, { batchSize: 1, pollingIntervalSeconds: 2 }, async (batch) => {
        for (const j of batch) await job.handle(deps, j.data as Record<string, unknown>, boss);
      });
    }
  }
  return { boss, stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }) };
}
