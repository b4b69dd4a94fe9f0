import { randomUUID } from 'node:crypto';
import {
  type CreateWebhookBody,
  type DeliveriesResponse,
  MAX_WEBHOOKS_PER_ACCOUNT,
  TEST_EVENT_TYPE,
  type UpdateWebhookBody,
  type Webhook,
  type WebhookDelivery,
  type WebhookWithSecret,
} from '@overlap/contract/webhooks';
import { and, eq } from 'drizzle-orm';
import { requireRole } from '../../core/access.ts';
import type { Ctx } from '../../core/context.ts';
import { conflict, fieldError, notFound } from '../../core/errors.ts';
import { auditLog } from '../../db/schema/accounts.ts';
import { webhookDeliveries, webhooks } from '../../db/schema/webhooks.ts';
import { refusalOf } from '../../pipeline/outgoing-webhooks/address-guard.ts';
import { attemptDelivery } from '../../pipeline/outgoing-webhooks/deliver.ts';
import { newWebhookSecret, secretHintOf } from '../../pipeline/outgoing-webhooks/signature.ts';
import { countWebhooks, findWebhook, listDeliveries, listWebhooks, toDelivery } from './queries.ts';

async function audit(ctx: Ctx, action: string, webhookId: string, details: Record<string, unknown> = {}) {
  await ctx.db.insert(auditLog).values({
    accountId: ctx.accountId,
    actorUserId: ctx.userId,
    impersonatorUserId: ctx.impersonatorId,
    action,
    targetType: 'webhook',
    targetId: webhookId,
    details,
    ip: ctx.ip,
  });
}

async function checkUrl(ctx: Ctx, url: string): Promise<void> {
  const refusal = await refusalOf(url, ctx.deps.config.WEBHOOKS_ALLOW_PRIVATE);
  if (refusal) throw fieldError('url', refusal);
}

async function ownWebhook(ctx: Ctx, id: string) {
  const row = await findWebhook(ctx.db, ctx.accountId, id);
  if (!row) throw notFound('Webhook');
  return row;
}

async function viewOf(ctx: Ctx, id: string): Promise<Webhook> {
  const found = (await listWebhooks(ctx.db, ctx.accountId)).find((w) => w.id === id);
  if (!found) throw notFound('Webhook');
  return found;
}

export async function getWebhooks(ctx: Ctx): Promise<Webhook[]> {
  requireRole(ctx, 'manager');
  return listWebhooks(ctx.db, ctx.accountId);
}

export async function getWebhook(ctx: Ctx, id: string): Promise<Webhook> {
  requireRole(ctx, 'manager');
  return viewOf(ctx, id);
}

/** Creates a webhook; the answer carries its signing secret, which is never shown again. */
export async function createWebhook(ctx: Ctx, input: CreateWebhookBody): Promise<WebhookWithSecret> {
  requireRole(ctx, 'manager');
  await checkUrl(ctx, input.url);
  if ((await countWebhooks(ctx.db, ctx.accountId)) >= MAX_WEBHOOKS_PER_ACCOUNT) {
    throw conflict(`An account can have at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks.`, 'WEBHOOK_LIMIT');
  }
  const secret = newWebhookSecret();
  const [row] = await ctx.db
    .insert(webhooks)
    .values({
      accountId: ctx.accountId,
      url: input.url,
      events: input.events,
      active: input.active ?? true,
      secretEncrypted: ctx.deps.secrets.encrypt(secret),
      secretHint: secretHintOf(secret),
      createdByUserId: ctx.userId,
    })
    .returning({ id: webhooks.id });
  if (!row) throw new Error('the webhook was not created');
  await audit(ctx, 'webhook.created', row.id, { url: input.url, events: input.events });
  return { webhook: await viewOf(ctx, row.id), secret };
}

export async function updateWebhook(ctx: Ctx, id: string, input: UpdateWebhookBody): Promise<Webhook> {
  requireRole(ctx, 'manager');
  const before = await ownWebhook(ctx, id);
  if (input.url !== undefined && input.url !== before.url) await checkUrl(ctx, input.url);
  await ctx.db
    .update(webhooks)
    .set({
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.events !== undefined ? { events: input.events } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(webhooks.id, id), eq(webhooks.accountId, ctx.accountId)));
  await audit(ctx, 'webhook.updated', id, { ...input });
  return viewOf(ctx, id);
}

/** Deletes the webhook and its delivery log. */
export async function deleteWebhook(ctx: Ctx, id: string): Promise<void> {
  requireRole(ctx, 'manager');
  const row = await ownWebhook(ctx, id);
  await ctx.db.delete(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.accountId, ctx.accountId)));
  await audit(ctx, 'webhook.deleted', id, { url: row.url });
}

/** A new signing secret; the old one stops signing at once. */
export async function rotateSecret(ctx: Ctx, id: string): Promise<{ secret: string }> {
  requireRole(ctx, 'manager');
  await ownWebhook(ctx, id);
  const secret = newWebhookSecret();
  await ctx.db
    .update(webhooks)
    .set({ secretEncrypted: ctx.deps.secrets.encrypt(secret), secretHint: secretHintOf(secret), updatedAt: new Date() })
    .where(and(eq(webhooks.id, id), eq(webhooks.accountId, ctx.accountId)));
  await audit(ctx, 'webhook.secret_rotated', id);
  return { secret };
}

export async function getDeliveries(
  ctx: Ctx,
  id: string,
  page: { limit: number; offset: number },
): Promise<DeliveriesResponse> {
  requireRole(ctx, 'manager');
  await ownWebhook(ctx, id);
  const { rows, total } = await listDeliveries(ctx.db, id, page);
  return { deliveries: rows.map(toDelivery), pagination: { total, offset: page.offset } };
}

/** Sends a 'webhook.test' event now (even to a switched-off webhook) and answers how it went; not retried. */
export async function sendTest(ctx: Ctx, id: string): Promise<WebhookDelivery> {
  requireRole(ctx, 'manager');
  const webhook = await ownWebhook(ctx, id);
  const eventId = randomUUID();
  const now = new Date();
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      accountId: ctx.accountId,
      webhookId: webhook.id,
      eventId,
      eventType: TEST_EVENT_TYPE,
      payload: {
        id: eventId,
        type: TEST_EVENT_TYPE,
        createdAt: now.toISOString(),
        data: { message: 'This is a test delivery from Overlap.' },
      },
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning({ id: webhookDeliveries.id });
  if (!row) throw new Error('the test delivery was not created');
  await attemptDelivery(ctx.deps, row.id, now);
  const [done] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row.id));
  if (!done) throw notFound('Delivery');
  return toDelivery(done);
}
