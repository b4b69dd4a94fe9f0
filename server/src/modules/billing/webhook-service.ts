import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppDeps } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { billingEvents } from '../../db/schema/billing.ts';
import { sendBillingNotice } from '../../engine/billing/notices.ts';
import { syncAccountBilling } from '../../engine/billing/sync.ts';
import { stripeWebhooks } from './stripe-client.ts';
import { createStripeGateway } from './stripe-gateway.ts';

/** The events that can change an account's billing; any other type is acknowledged and ignored. */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
]);

type EventObject = {
  customer?: string | { id: string } | null;
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
};

const customerOf = (o: EventObject): string | null =>
  typeof o.customer === 'string' ? o.customer : (o.customer?.id ?? null);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account an event is about: by its customer, else by the account id our checkout recorded. */
async function accountOf(tx: DbOrTx, object: EventObject): Promise<string | null> {
  const customerId = customerOf(object);
  if (customerId) {
    const [row] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.stripeCustomerId, customerId));
    if (row) return row.id;
  }
  const recorded = object.client_reference_id ?? object.metadata?.accountId ?? null;
  if (!recorded || !UUID.test(recorded) || !customerId) return null;
  const [row] = await tx
    .update(accounts)
    .set({ stripeCustomerId: customerId })
    .where(sql`${accounts.id} = ${recorded} and ${accounts.stripeCustomerId} is null`)
    .returning({ id: accounts.id });
  return row?.id ?? null;
}

export function verifyStripeEvent(deps: Pick<AppDeps, 'config'>, rawBody: Buffer, signature: string | undefined) {
  const secret = deps.config.STRIPE_WEBHOOK_SECRET;
  if (!secret || !deps.config.STRIPE_SECRET_KEY) {
    throw new AppError(404, 'NOT_FOUND', 'Stripe webhooks are not configured on this server.');
  }
  try {
    return stripeWebhooks.constructEvent(rawBody, signature ?? '', secret);
  } catch (err) {
    throw new AppError(400, 'INVALID_SIGNATURE', `Webhook signature verification failed: ${(err as Error).message}`);
  }
}

/**
 * A Stripe webhook delivery: the signature is checked on the raw body first (a forged or stale one
 * is 400 and changes nothing). Each event is applied once: its id is stored in the same
 * transaction that applies it, so a redelivery is acknowledged without effect, and a failure
 * stores nothing, so Stripe's retry applies it. Applying means re-reading the customer's
 * subscriptions from Stripe and applying the current one (sync.ts), which makes the end state
 * independent of the order events arrive in.
 */
export async function receiveStripeWebhook(
  deps: AppDeps,
  rawBody: Buffer,
  signature: string | undefined,
  now = new Date(),
): Promise<{ received: true; duplicate: boolean }> {
  const event = verifyStripeEvent(deps, rawBody, signature);
  if (!HANDLED_EVENTS.has(event.type)) return { received: true, duplicate: false };
  const gateway = createStripeGateway(deps.config);
  if (!gateway) throw new AppError(404, 'NOT_FOUND', 'Stripe webhooks are not configured on this server.');
  const object = event.data.object as EventObject;

  const outcome = await deps.database.db.transaction(async (tx) => {
    const stored = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type, createdAt: new Date(event.created * 1000), receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (stored.length === 0) return { duplicate: true as const };
    const accountId = await accountOf(tx, object);
    if (!accountId) return { duplicate: false as const, accountId: null };
    await tx.update(billingEvents).set({ accountId }).where(eq(billingEvents.id, event.id));
    const changed = await syncAccountBilling(tx, gateway, accountId, { source: `webhook:${event.type}` }, now);
    return { duplicate: false as const, accountId, changed: Object.keys(changed).length > 0 };
  });

  if (!outcome.duplicate && outcome.accountId) {
    if (outcome.changed) await deps.notify(outcome.accountId, 'account');
    await sendNotice(deps, outcome.accountId, event);
  }
  return { received: true, duplicate: outcome.duplicate };
}

async function sendNotice(deps: AppDeps, accountId: string, event: Stripe.Event): Promise<void> {
  if (event.type === 'customer.subscription.trial_will_end') await sendBillingNotice(deps, accountId, 'trial-ending');
  if (event.type === 'invoice.payment_failed') await sendBillingNotice(deps, accountId, 'payment-failed');
}
