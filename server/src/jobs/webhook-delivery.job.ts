import type PgBoss from 'pg-boss';
import { attemptDelivery } from '../pipeline/outgoing-webhooks/deliver.ts';
import type { JobDefinition } from './index.ts';

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';

/** Queues one attempt of a delivery, at most one waiting per delivery (the queue's 'short' policy). */
export async function queueDeliveryAttempt(boss: PgBoss, deliveryId: string, at?: Date): Promise<void> {
  const startAfter = at ? Math.max(0, Math.ceil((at.getTime() - Date.now()) / 1000)) : undefined;
  await boss.send(WEBHOOK_DELIVERY_QUEUE, { deliveryId }, { singletonKey: deliveryId, startAfter });
}

/**
 * One attempt of one webhook delivery. Whichever process claims the delivery sends it; a failure
 * queues the next attempt at its time (1 min, 5 min, 30 min, 2 h, 6 h), so pg-boss's own retry is off.
 */
export const job: JobDefinition<{ deliveryId?: string }> = {
  name: WEBHOOK_DELIVERY_QUEUE,
  policy: 'short',
  retryLimit: 0,
  concurrency: 2,
  async handle(deps, data, boss) {
    if (typeof data.deliveryId !== 'string') return;
    const result = await attemptDelivery(deps, data.deliveryId);
    if (result?.retryAt) await queueDeliveryAttempt(boss, result.deliveryId, result.retryAt);
  },
};
