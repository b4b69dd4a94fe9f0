import type { Webhook, WebhookDelivery, WebhookEventType } from '@overlap/contract/webhooks';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type DeliveryStatus, webhookDeliveries, webhooks } from '../../db/schema/webhooks.ts';

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
