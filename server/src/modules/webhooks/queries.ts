import type { Webhook, WebhookDelivery, WebhookEventType } from '@overlap/contract/webhooks';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type DeliveryAttemptLog, type DeliveryStatus, webhookDeliveries, webhooks } from '../../db/schema/webhooks.ts';

type WebhookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toWebhook(
  row: WebhookRow,
  last: Pick<DeliveryRow, 'status' | 'createdAt' | 'lastAttemptAt' | 'responseStatus'> | null,
): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    active: row.active,
    secretHint: row.secretHint,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastDelivery: last
      ? {
          status: last.status,
          at: (last.lastAttemptAt ?? last.createdAt).toISOString(),
          responseStatus: last.responseStatus,
        }
      : null,
  };
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    attemptLog: row.attemptLog,
  };
}

/** The account's webhooks, oldest first, each with its newest delivery. */
export async function listWebhooks(db: DbOrTx, accountId: string): Promise<Webhook[]> {
  const rows = await db.select().from(webhooks).where(eq(webhooks.accountId, accountId)).orderBy(webhooks.createdAt);
  if (rows.length === 0) return [];
  const latest = await db.execute<{
    webhook_id: string;
    status: DeliveryStatus;
    created_at: string;
    last_attempt_at: string | null;
    response_status: number | null;
  }>(sql`
    select distinct on (webhook_id) webhook_id, status, created_at, last_attempt_at, response_status
      from webhook_deliveries
     where account_id = ${accountId}
     order by webhook_id, created_at desc, id desc`);
  const byWebhook = new Map(latest.rows.map((r) => [r.webhook_id, r]));
  return rows.map((row) => {
    const last = byWebhook.get(row.id);
    return toWebhook(
      row,
      last
        ? {
            status: last.status,
            createdAt: new Date(last.created_at),
            lastAttemptAt: last.last_attempt_at ? new Date(last.last_attempt_at) : null,
            responseStatus: last.response_status,
          }
        : null,
    );
  });
}

export async function findWebhook(db: DbOrTx, accountId: string, id: string): Promise<WebhookRow | null> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.accountId, accountId), eq(webhooks.id, id)))
    .limit(1);
  return row ?? null;
}

export async function countWebhooks(db: DbOrTx, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhooks).where(eq(webhooks.accountId, accountId));
  return row?.n ?? 0;
}

export async function listDeliveries(
  db: DbOrTx,
  webhookId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

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
