import { RETRY_DELAYS_SECONDS, TEST_EVENT_TYPE } from '@overlap/contract/webhooks';
import type { AppDeps } from '../../core/context.ts';
import type { DeliveryStatus } from '../../db/schema/webhooks.ts';
import { claimDelivery, recordAttempt } from './deliveries.ts';
import { DELIVERY_TIMEOUT_MS, sendSigned } from './send.ts';

/** How long a claim holds a delivery: the send's deadline plus room to record it. */
const LEASE_MS = DELIVERY_TIMEOUT_MS + 20_000;

/** The body as sent: the stored payload with its keys in reading order. */
export function bodyOf(payload: Record<string, unknown>): string {
  const { id, type, createdAt, data, ...rest } = payload;
  return JSON.stringify({ id, type, createdAt, data, ...rest });
}

/**
 * After the attempt numbered `attempts` (1 = the first) failed: when to try again, or null to give
 * up. Five retries, 1 min, 5 min, 30 min, 2 h and 6 h after the failure before each; a test
 * delivery is tried once.
 */
export function nextAttemptAfter(attempts: number, failedAt: number, eventType: string): Date | null {
  if (eventType === TEST_EVENT_TYPE) return null;
  const wait = RETRY_DELAYS_SECONDS[attempts - 1];
  return wait === undefined ? null : new Date(failedAt + wait * 1000);
}

export interface AttemptResult {
  deliveryId: string;
  status: DeliveryStatus;
  /** When the next attempt is due, for the queue to schedule it. */
  retryAt: Date | null;
}

/**
 * One attempt of one delivery, by whichever process claims it first: null when it was not due,
 * finished, or another process holds it. A webhook switched off since the event gives up at once
 * (a test is sent all the same).
 */
export async function attemptDelivery(
  deps: AppDeps,
  deliveryId: string,
  now = new Date(),
): Promise<AttemptResult | null> {
  const { db } = deps.database;
  const claim = await claimDelivery(db, deliveryId, now, LEASE_MS);
  if (!claim) return null;
  const { delivery } = claim;
  const sendable = claim.webhookActive || delivery.eventType === TEST_EVENT_TYPE;
  const outcome = sendable
    ? await sendSigned({
        url: claim.url,
        body: bodyOf(delivery.payload),
        secret: deps.secrets.decrypt(claim.secretEncrypted),
        eventType: delivery.eventType,
        deliveryId: delivery.id,
        allowPrivate: deps.config.WEBHOOKS_ALLOW_PRIVATE,
        now: now.getTime(),
      })
    : { ok: false, responseStatus: null, error: 'The webhook was switched off', durationMs: 0 };
  const attempts = delivery.attempts + 1;
  const retryAt = outcome.ok || !sendable ? null : nextAttemptAfter(attempts, now.getTime(), delivery.eventType);
  const status: DeliveryStatus = outcome.ok ? 'succeeded' : retryAt ? 'pending' : 'failed';
  const recorded = await recordAttempt(
    db,
    claim,
    {
      at: now.toISOString(),
      responseStatus: outcome.responseStatus,
      error: outcome.error,
      durationMs: outcome.durationMs,
    },
    { status, nextAttemptAt: retryAt },
  );
  if (!recorded) return null;
  return { deliveryId, status, retryAt };
}
