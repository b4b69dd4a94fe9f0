import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, TEST_ORIGIN } from '../../../test/app.ts';
import { scaleupYearlyTrialStatus } from '../../../test/factories/billing.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import { createStripeTestApp, type StripeTestApp } from '../../../test/fakes/stripe-app.ts';
import { accounts } from '../../db/schema/accounts.ts';

const checkout = '/api/v1/billing/create-checkout-session';
const status = '/api/v1/billing/status';

let t: StripeTestApp;
beforeAll(async () => {
  t = await createStripeTestApp();
});
afterAll(() => t.close());

const accountRow = async (id: string) => (await t.db.select().from(accounts).where(eq(accounts.id, id)))[0];
const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** The newest checkout session the fake received, with the form fields the SDK sent for it. */
function lastSessionRequest() {
  const request = t.stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').at(-1);
  if (!request) throw new Error('no checkout session was created');
  return request.body;
}

async function checkoutAndComplete(cookie: string, body: { planId: string; billingCycle?: string }) {
  const res = await client(t.app, cookie)({ method: 'POST', url: checkout, body });
  expect(res.statusCode).toBe(200);
  const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(res.json().sessionUrl)?.[1] as string;
  const events = t.stripe.completeCheckout(sessionId);
  const subscriptionId = t.stripe.sessions.get(sessionId)?.subscription as string;
  return { sessionId, events, subscriptionId };
}

describe('Stripe checkout (the stripe SDK against a local fake Stripe API)', () => {
  it('creates one customer and a subscription-mode session with a 7-day trial; the account does not change', async () => {
    const { account, user, cookie } = await signedInManager(t.db, { onboardingCompleted: false });
    const call = client(t.app, cookie);
    const res = await call({ method: 'POST', url: checkout, body: { planId: 'scaleup', billingCycle: 'yearly' } });
    expect(res.statusCode).toBe(200);
    const session = [...t.stripe.sessions.values()].at(-1);
    expect(res.json()).toEqual({ sessionUrl: `${t.stripe.url}/c/pay/${session?.id}` });

    const customer = [...t.stripe.customers.values()].at(-1);
    expect(customer).toMatchObject({ email: user.email, name: account.name, metadata: { accountId: account.id } });
    expect(lastSessionRequest()).toEqual({
      mode: 'subscription',
      customer: customer?.id,
      client_reference_id: account.id,
      line_items: { 0: { price: 'price_test_scaleup_yearly', quantity: '1' } },
      subscription_data: {
        trial_period_days: '7',
        metadata: { accountId: account.id, planId: 'scaleup', billingCycle: 'yearly' },
      },
      metadata: { accountId: account.id, planId: 'scaleup', billingCycle: 'yearly' },
      success_url: `${TEST_ORIGIN}/onboarding/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${TEST_ORIGIN}/onboarding/step2`,
    });
    expect(await accountRow(account.id)).toMatchObject({
      plan: 'free',
      billingCycle: null,
      trialEndsAt: null,
      stripeSubscriptionStatus: null,
      stripeCustomerId: customer?.id,
    });

    // The customer is created once per account.
    const customersBefore = t.stripe.count('POST', '/v1/customers');
    await call({ method: 'POST', url: checkout, body: { planId: 'startup' } });
    expect(t.stripe.count('POST', '/v1/customers')).toBe(customersBefore);
    expect(lastSessionRequest()).toMatchObject({
      customer: customer?.id,
      line_items: { 0: { price: 'price_test_startup_monthly' } },
    });
  });

  it('applies a completed checkout from its signed webhook: plan, cycle, trial, period and limits', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const { events, subscriptionId } = await checkoutAndComplete(cookie, { planId: 'scaleup', billingCycle: 'yearly' });
    expect(lastSessionRequest().success_url).toBe(`${TEST_ORIGIN}/account?tab=billing`);
    expect(lastSessionRequest().cancel_url).toBe(`${TEST_ORIGIN}/upgrade`);
    const completed = events.find((e) => e.type === 'checkout.session.completed');
    const res = await t.deliver(completed as (typeof events)[number]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });

    const sub = t.stripe.sub(subscriptionId);
    const trialEnd = iso(sub.trial_end as number);
    expect((await client(t.app, cookie)({ method: 'GET', url: status })).json()).toEqual(
      scaleupYearlyTrialStatus('stripe', trialEnd, sub.customer as string),
    );
    expect(await accountRow(account.id)).toMatchObject({
      stripeSubscriptionId: subscriptionId,
      stripePriceId: 'price_test_scaleup_yearly',
    });
  });

  it('offers no second trial: a later checkout of an account that had one has no trial days', async () => {
    const { account, cookie } = await signedInManager(t.db);
    await t.db
      .update(accounts)
      .set({ trialEndsAt: new Date(Date.now() - 86_400_000) })
      .where(eq(accounts.id, account.id));
    await client(
      t.app,
      cookie,
    )({ method: 'POST', url: checkout, body: { planId: 'startup', billingCycle: 'monthly' } });
    expect(lastSessionRequest().subscription_data).toEqual({
      metadata: { accountId: account.id, planId: 'startup', billingCycle: 'monthly' },
    });
  });

  it('with a live subscription, a paid choice changes its price (no second checkout) and free cancels it', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const call = client(t.app, cookie);
    const { events, subscriptionId } = await checkoutAndComplete(cookie, { planId: 'startup' });
    for (const event of events) await t.deliver(event);
    const sessionsBefore = t.stripe.count('POST', '/v1/checkout/sessions');

    const changed = await call({ method: 'POST', url: checkout, body: { planId: 'business', billingCycle: 'yearly' } });
    expect(changed.json()).toEqual({ sessionUrl: '/account?tab=billing' });
    expect(t.stripe.count('POST', '/v1/checkout/sessions')).toBe(sessionsBefore);
    expect(await accountRow(account.id)).toMatchObject({
      plan: 'business',
      billingCycle: 'yearly',
      stripePriceId: 'price_test_business_yearly',
      stripeSubscriptionStatus: 'trialing',
    });

    // Free during the trial cancels the subscription now: free plan, trial over, date kept.
    const free = await call({ method: 'POST', url: checkout, body: { planId: 'free' } });
    expect(free.json()).toEqual({ sessionUrl: '/account?tab=billing' });
    expect(t.stripe.sub(subscriptionId).status).toBe('canceled');
    const row = await accountRow(account.id);
    expect(row).toMatchObject({ plan: 'free', billingCycle: null, stripeSubscriptionStatus: 'canceled' });
    expect(row?.trialEndsAt?.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await call({ method: 'GET', url: status })).json()).toMatchObject({ isTrialActive: false });
  });

  it('free on a paid (active) subscription cancels at the end of the period; the plan stays until then', async () => {
    const { account, cookie } = await signedInManager(t.db);
    await t.db
      .update(accounts)
      .set({ trialEndsAt: new Date(Date.now() - 86_400_000) })
      .where(eq(accounts.id, account.id));
    const { events, subscriptionId } = await checkoutAndComplete(cookie, { planId: 'startup' });
    for (const event of events) await t.deliver(event);
    expect((await accountRow(account.id))?.stripeSubscriptionStatus).toBe('active');

    await client(t.app, cookie)({ method: 'POST', url: checkout, body: { planId: 'free' } });
    expect(t.stripe.sub(subscriptionId)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await accountRow(account.id)).toMatchObject({ plan: 'startup', cancelAtPeriodEnd: true });

    // The period ends: Stripe deletes the subscription and the account returns to free.
    await t.deliver(t.stripe.endSubscription(subscriptionId));
    expect(await accountRow(account.id)).toMatchObject({
      plan: 'free',
      stripeSubscriptionStatus: 'canceled',
      cancelAtPeriodEnd: false,
    });
  });

  it('answers the portal URL for the account customer, returning to the billing tab (managers only)', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const res = await client(t.app, cookie)({ method: 'POST', url: '/api/v1/billing/customer-portal', body: {} });
    expect(res.statusCode).toBe(200);
    const portal = [...t.stripe.portalSessions.values()].at(-1);
    expect(res.json()).toEqual({ url: portal?.url });
    expect(portal).toMatchObject({
      customer: (await accountRow(account.id))?.stripeCustomerId,
      return_url: `${TEST_ORIGIN}/account?tab=billing`,
    });

    const member = await createUser(t.db, account.id, { role: 'user' });
    const refused = await client(
      t.app,
      await sessionCookie(t.db, member.id),
    )({
      method: 'POST',
      url: '/api/v1/billing/customer-portal',
      body: {},
    });
    expect(refused.statusCode).toBe(403);
  });

  it('answers 502 when Stripe fails, changing nothing; a 429 asking for a retry is retried by the SDK', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const call = client(t.app, cookie);
    t.stripe.fail('POST', '/v1/customers', 500, { error: { type: 'api_error', message: 'Something went wrong' } }, 3);
    const failed = await call({ method: 'POST', url: checkout, body: { planId: 'startup' } });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR' });
    expect((await accountRow(account.id))?.stripeCustomerId).toBeNull();

    t.stripe.fail('POST', '/v1/customers', 200, '<html>Bad gateway</html>');
    const malformed = await call({ method: 'POST', url: checkout, body: { planId: 'startup' } });
    expect(malformed.statusCode).toBe(502);
    expect((await accountRow(account.id))?.stripeCustomerId).toBeNull();

    t.stripe.fail(
      'POST',
      '/v1/checkout/sessions',
      429,
      { error: { type: 'rate_limit_error', code: 'lock_timeout', message: 'Too many requests' } },
      1,
      {
        'stripe-should-retry': 'true',
        'retry-after': '1',
      },
    );
    const attemptsBefore = t.stripe.count('POST', '/v1/checkout/sessions');
    const retried = await call({ method: 'POST', url: checkout, body: { planId: 'startup' } });
    expect(retried.statusCode).toBe(200);
    expect(t.stripe.count('POST', '/v1/checkout/sessions')).toBe(attemptsBefore + 2);
    expect(retried.json().sessionUrl).toMatch(/\/c\/pay\/cs_test_/);
  });
});
