import type { WebhookEventType } from '@overlap/contract/webhooks';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type DeliveryAttemptLog, type DeliveryStatus, webhookDeliveries, webhooks } from '../../db/schema/webhooks.ts';

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** A delivery claimed for sending, with what is needed to send it. */
export interface ClaimedDelivery {
  delivery: DeliveryRow;
  url: string;
  secretEncrypted: string;
  webhookActive: boolean;
  /** The lease this claim holds; the result is recorded only while it still holds it. */
  lease: Date;
}

/**
 * Takes a due, pending delivery for one attempt: nobody else holds it (or their lease ran out) and
 * its next attempt is due at `now`. Null when it is not due, already done, or taken.
 */
export async function claimDelivery(
  db: DbOrTx,
  deliveryId: string,
  now: Date,
  leaseMs: number,
): Promise<ClaimedDelivery | null> {
  const lease = new Date(now.getTime() + leaseMs);
  const result = await db.execute<{ id: string }>(sql`
    update webhook_deliveries set locked_until = ${lease.toISOString()}::timestamptz
     where id = ${deliveryId} and status = 'pending'
       and next_attempt_at <= ${now.toISOString()}::timestamptz
       and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz)
    returning id`);
  if (result.rows.length === 0) return null;
  const [row] = await db
    .select({
      delivery: webhookDeliveries,
      url: webhooks.url,
      secret: webhooks.secretEncrypted,
      active: webhooks.active,
    })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row) return null;
  return { delivery: row.delivery, url: row.url, secretEncrypted: row.secret, webhookActive: row.active, lease };
}

/** Records one attempt of a claimed delivery; false when the claim was lost meanwhile. */
export async function recordAttempt(
  db: DbOrTx,
  claim: ClaimedDelivery,
  attempt: DeliveryAttemptLog,
  next: { status: DeliveryStatus; nextAttemptAt: Date | null },
): Promise<DeliveryRow | null> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: next.status,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastAttemptAt: new Date(attempt.at),
      responseStatus: attempt.responseStatus,
      error: attempt.error,
      nextAttemptAt: next.nextAttemptAt,
      lockedUntil: null,
      attemptLog: sql`${webhookDeliveries.attemptLog} || ${JSON.stringify([attempt])}::jsonb`,
    })
    .where(and(eq(webhookDeliveries.id, claim.delivery.id), eq(webhookDeliveries.lockedUntil, claim.lease)))
    .returning();
  return row ?? null;
}

/** Pending deliveries due at `now` that nobody holds, oldest due first. */
export async function findDueDeliveries(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    select id from webhook_deliveries
     where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
       and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz)
     order by next_attempt_at limit ${limit}`);
  return result.rows.map((r) => r.id);
}

/** Queues one event for every active webhook of the account that subscribes to it; once per event id. */
export async function queueEvent(
  db: DbOrTx,
  accountId: string,
  event: { id: string; type: string; payload: Record<string, unknown> },
): Promise<number> {
  const result = await db.execute(sql`
    insert into webhook_deliveries (account_id, webhook_id, event_id, event_type, payload)
    select w.account_id, w.id, ${event.id}::uuid, ${event.type}, ${JSON.stringify(event.payload)}::jsonb
      from webhooks w
     where w.account_id = ${accountId} and w.active and ${event.type} = any(w.events)
    on conflict (webhook_id, event_id) do nothing`);
  return result.rowCount ?? 0;
}

/** Accounts with an active webhook for `type`. */
export async function accountsSubscribedTo(db: DbOrTx, type: WebhookEventType): Promise<string[]> {
  const result = await db.execute<{ account_id: string }>(sql`
    select distinct account_id from webhooks where active and ${type} = any(events)`);
  return result.rows.map((r) => r.account_id);
}

/** Deletes finished deliveries older than `before`. */
export async function pruneDeliveries(db: DbOrTx, before: Date): Promise<number> {
  const result = await db.execute(sql`
    delete from webhook_deliveries where status <> 'pending' and created_at < ${before.toISOString()}::timestamptz`);
  return result.rowCount ?? 0;
}
