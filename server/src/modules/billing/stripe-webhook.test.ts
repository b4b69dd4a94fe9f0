import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../../test/app.ts';
import { mailsTo } from '../../../test/factories/auth.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import type { FakeEvent } from '../../../test/fakes/stripe.ts';
import { createStripeTestApp, type StripeTestApp } from '../../../test/fakes/stripe-app.ts';
import { SUSPENDED_MESSAGE } from '../../core/errors.ts';
import { accounts, auditLog } from '../../db/schema/accounts.ts';
import { billingEvents } from '../../db/schema/billing.ts';
import { suspendAfterGrace } from '../../engine/billing/grace.ts';
import { extendStripeTrial } from './trial-extension.ts';

const DAY_MS = 86_400_000;
let t: StripeTestApp;
beforeAll(async () => {
  t = await createStripeTestApp();
});
afterAll(() => t.close());

const accountRow = async (id: string) => (await t.db.select().from(accounts).where(eq(accounts.id, id)))[0];
const byType = (events: FakeEvent[], type: string) => events.find((e) => e.type === type) as FakeEvent;

/** A manager whose checkout of `planId` Stripe completed; no event delivered yet. */
async function subscribedAccount(planId = 'startup', options: { hadTrial?: boolean } = {}) {
  const manager = await signedInManager(t.db);
  if (options.hadTrial) {
    await t.db
      .update(accounts)
      .set({ trialEndsAt: new Date(Date.now() - DAY_MS) })
      .where(eq(accounts.id, manager.account.id));
  }
  const res = await client(
    t.app,
    manager.cookie,
  )({
    method: 'POST',
    url: '/api/v1/billing/create-checkout-session',
    body: { planId },
  });
  const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(res.json().sessionUrl)?.[1] as string;
  const events = t.stripe.completeCheckout(sessionId);
  const subscriptionId = t.stripe.sessions.get(sessionId)?.subscription as string;
  return { ...manager, events, subscriptionId };
}

const listCalls = () => t.stripe.count('GET', '/v1/subscriptions');

describe('POST /api/v1/billing/webhook', () => {
  it('refuses a forged, missing or stale signature with 400 and changes nothing', async () => {
    const { account, events } = await subscribedAccount();
    const event = byType(events, 'checkout.session.completed');
    const calls = listCalls();
    const cases = [
      t.deliver(event, { secret: 'whsec_someone_else' }),
      t.deliver(event, { signature: null }),
      t.deliver(event, { signature: 't=1,v1=deadbeef' }),
      // Signed correctly, but ten minutes ago: Stripe's default tolerance is five.
      t.deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
      expect(res.json().message).toMatch(/^Webhook signature verification failed: /);
    }
    expect(listCalls()).toBe(calls);
    expect(await accountRow(account.id)).toMatchObject({ plan: 'free', stripeSubscriptionStatus: null });
    expect(await t.db.select().from(billingEvents).where(eq(billingEvents.id, event.id))).toEqual([]);
  });

  it('applies the same event once: a redelivery is acknowledged and changes nothing', async () => {
    const { account, events } = await subscribedAccount();
    const created = byType(events, 'customer.subscription.created');
    const calls = listCalls();
    const first = await t.deliver(created);
    const second = await t.deliver(created);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(second.json()).toEqual({ received: true, duplicate: true });
    expect(listCalls()).toBe(calls + 1);
    const applied = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, account.id), eq(auditLog.action, 'billing.subscription_applied')));
    expect(applied).toHaveLength(1);
    expect(applied[0]?.details).toMatchObject({ source: 'webhook:customer.subscription.created' });
    expect(await t.db.select().from(billingEvents).where(eq(billingEvents.id, created.id))).toEqual([
      expect.objectContaining({ type: 'customer.subscription.created', accountId: account.id }),
    ]);
  });

  it('ends in the subscription state whatever order the events arrive in', async () => {
    const { account, events, subscriptionId } = await subscribedAccount('scaleup');
    const sub = t.stripe.sub(subscriptionId);
    const later = [...t.stripe.payInvoice(subscriptionId), t.stripe.change(sub, { cancel_at_period_end: true })];
    const periodEnd = new Date(
      ((sub.items as { data: { current_period_end: number }[] }).data[0]?.current_period_end ?? 0) * 1000,
    );
    const final = {
      plan: 'scaleup',
      stripeSubscriptionStatus: 'active',
      cancelAtPeriodEnd: true,
      stripeCurrentPeriodEnd: periodEnd,
    };
    // Newest first: each delivery, old or new, leaves the account in Stripe's current state.
    for (const event of [...events, ...later].reverse()) {
      expect((await t.deliver(event)).statusCode).toBe(200);
      expect(await accountRow(account.id)).toMatchObject(final);
    }
  });

  it('a canceled old subscription arriving late does not undo a newer one', async () => {
    const { account, cookie, events, subscriptionId: oldSub } = await subscribedAccount('startup');
    const deleted = t.stripe.endSubscription(oldSub);
    const res = await client(
      t.app,
      cookie,
    )({
      method: 'POST',
      url: '/api/v1/billing/create-checkout-session',
      body: { planId: 'business', billingCycle: 'yearly' },
    });
    const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(res.json().sessionUrl)?.[1] as string;
    t.stripe.clock += 5;
    const newer = t.stripe.completeCheckout(sessionId);
    for (const event of [...newer, deleted, ...events]) await t.deliver(event);
    expect(await accountRow(account.id)).toMatchObject({
      plan: 'business',
      billingCycle: 'yearly',
      stripeSubscriptionId: t.stripe.sessions.get(sessionId)?.subscription,
    });
  });

  it('a failed payment starts a 7-day grace, then suspension; a paid invoice makes the account active again', async () => {
    const { account, user, cookie, events, subscriptionId } = await subscribedAccount('startup', { hadTrial: true });
    for (const event of events) await t.deliver(event);
    const failed = t.stripe.failPayment(subscriptionId);
    const before = Date.now();
    await t.deliver(byType(failed, 'invoice.payment_failed'));
    const row = await accountRow(account.id);
    expect(row).toMatchObject({ status: 'active', plan: 'startup', stripeSubscriptionStatus: 'past_due' });
    const failedAt = row?.paymentFailedAt?.getTime() ?? 0;
    expect(failedAt).toBeGreaterThanOrEqual(before - 1000);
    const call = client(t.app, cookie);
    const billing = (await call({ method: 'GET', url: '/api/v1/billing/status' })).json();
    expect(billing.paymentGraceEndsAt).toBe(new Date(failedAt + 7 * DAY_MS).toISOString());
    expect(mailsTo(t.mails, user.email).map((m) => m.subject)).toEqual(['Your Overlap payment failed']);

    // The other event of the same failure changes nothing more.
    await t.deliver(byType(failed, 'customer.subscription.updated'));
    expect((await accountRow(account.id))?.paymentFailedAt?.getTime()).toBe(failedAt);

    expect(await suspendAfterGrace(t.db, new Date(failedAt + 6 * DAY_MS))).not.toContain(account.id);
    expect(await suspendAfterGrace(t.db, new Date(failedAt + 7 * DAY_MS + 60_000))).toContain(account.id);
    expect(await accountRow(account.id)).toMatchObject({ status: 'suspended', suspensionReason: 'payment' });
    const blocked = await call({ method: 'PATCH', url: '/api/v1/account', body: { name: 'Renamed' } });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: SUSPENDED_MESSAGE });
    // Billing stays open to resolve it.
    expect((await call({ method: 'POST', url: '/api/v1/billing/customer-portal', body: {} })).statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/api/v1/billing/status' })).json().suspensionReason).toBe('payment');

    for (const event of t.stripe.payInvoice(subscriptionId)) await t.deliver(event);
    expect(await accountRow(account.id)).toMatchObject({
      status: 'active',
      suspensionReason: null,
      paymentFailedAt: null,
      stripeSubscriptionStatus: 'active',
    });
  });

  it("never lifts an operator's suspension", async () => {
    const { account, events, subscriptionId } = await subscribedAccount('startup', { hadTrial: true });
    for (const event of events) await t.deliver(event);
    await t.db
      .update(accounts)
      .set({ status: 'suspended', suspensionReason: 'operator' })
      .where(eq(accounts.id, account.id));
    for (const event of t.stripe.payInvoice(subscriptionId)) await t.deliver(event);
    expect(await accountRow(account.id)).toMatchObject({ status: 'suspended', suspensionReason: 'operator' });
  });

  it('mails the managers when the trial is about to end', async () => {
    const { account, user, events, subscriptionId } = await subscribedAccount('scaleup');
    const other = await createUser(t.db, account.id, { role: 'user' });
    for (const event of events) await t.deliver(event);
    await t.deliver(t.stripe.trialWillEnd(subscriptionId));
    const trialEnd = new Date((t.stripe.sub(subscriptionId).trial_end as number) * 1000);
    const day = trialEnd.toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    expect(mailsTo(t.mails, user.email).map((m) => m.subject)).toEqual([`Your Overlap trial ends on ${day}`]);
    expect(mailsTo(t.mails, other.email)).toEqual([]);
  });

  it('acknowledges events of other types and of unknown customers without changes', async () => {
    const ignored = { ...byType((await subscribedAccount()).events, 'invoice.paid'), type: 'charge.refunded' };
    expect((await t.deliver(ignored)).json()).toEqual({ received: true, duplicate: false });
    const stranger = t.stripe.completeCheckout((await strangerSession()).id as string);
    const res = await t.deliver(byType(stranger, 'customer.subscription.created'));
    expect(res.json()).toEqual({ received: true, duplicate: false });
  });
});

/** A checkout session of a customer no account knows (made in Stripe's dashboard, say). */
async function strangerSession() {
  const customer = { id: 'cus_stranger', object: 'customer', metadata: {} };
  t.stripe.customers.set(customer.id, customer);
  const session = {
    id: `cs_test_stranger_${Date.now()}`,
    object: 'checkout.session',
    status: 'open',
    customer: customer.id,
    metadata: {},
    _price: 'price_test_startup_monthly',
    _subscription_data: { trialDays: null, metadata: {} },
  };
  t.stripe.sessions.set(session.id, session);
  return session;
}

describe('POST /api/v1/billing/sync-stripe', () => {
  it("re-reads the account's own customer; another account's customer is 404; managers only", async () => {
    const { account, cookie, subscriptionId } = await subscribedAccount('business', { hadTrial: true });
    const customerId = (await accountRow(account.id))?.stripeCustomerId as string;
    expect((await accountRow(account.id))?.plan).toBe('free');
    const call = client(t.app, cookie);
    const res = await call({
      method: 'POST',
      url: '/api/v1/billing/sync-stripe',
      body: { stripeCustomerId: customerId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      currentPlan: 'business',
      stripe: { subscriptionStatus: 'active', customerId },
    });
    expect((await accountRow(account.id))?.stripeSubscriptionId).toBe(subscriptionId);

    const other = await subscribedAccount('startup');
    const otherCustomer = (await accountRow(other.account.id))?.stripeCustomerId;
    const foreign = await call({
      method: 'POST',
      url: '/api/v1/billing/sync-stripe',
      body: { stripeCustomerId: otherCustomer },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await accountRow(other.account.id))?.plan).toBe('free');

    const empty = await call({ method: 'POST', url: '/api/v1/billing/sync-stripe', body: { stripeCustomerId: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([{ field: 'stripeCustomerId', message: 'is required' }]);

    const member = await createUser(t.db, account.id, { role: 'user' });
    const asMember = client(t.app, await sessionCookie(t.db, member.id));
    const refused = await asMember({
      method: 'POST',
      url: '/api/v1/billing/sync-stripe',
      body: { stripeCustomerId: customerId },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('extendStripeTrial (the operator console)', () => {
  it("moves the Stripe subscription's trial end, and the account follows it", async () => {
    const { account, events, subscriptionId } = await subscribedAccount('scaleup');
    for (const event of events) await t.deliver(event);
    const target = new Date(Math.floor((Date.now() + 30 * DAY_MS) / 1000) * 1000);
    const result = await extendStripeTrial(t.deps, account.id, target);
    expect(result).toEqual({ trialEndsAt: target });
    expect(t.stripe.sub(subscriptionId)).toMatchObject({ trial_end: target.getTime() / 1000, status: 'trialing' });
    expect(await accountRow(account.id)).toMatchObject({ trialEndsAt: target, stripeCurrentPeriodEnd: target });
    await expect(extendStripeTrial(t.deps, account.id, new Date(Date.now() - DAY_MS))).rejects.toMatchObject({
      statusCode: 400,
      message: 'trialEndDate: Trial end date must be in the future',
    });
  });

  it('without a subscription sets only the account trial end', async () => {
    const { account } = await signedInManager(t.db, { plan: 'startup' });
    const target = new Date(Date.now() + 10 * DAY_MS);
    const calls = t.stripe.requests.length;
    expect(await extendStripeTrial(t.deps, account.id, target)).toEqual({ trialEndsAt: target });
    expect(t.stripe.requests.length).toBe(calls);
    expect((await accountRow(account.id))?.trialEndsAt).toEqual(target);
  });
});
