import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import { createPerson } from '../../../test/factories/activity.ts';
import { scaleupYearlyTrialStatus } from '../../../test/factories/billing.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { people } from '../../db/schema/activity.ts';
import { localSubscriptions } from '../../db/schema/billing.ts';
import { suspendAfterGrace } from '../../engine/billing/grace.ts';
import { advanceLocalSubscriptions } from '../../engine/billing/local-renewals.ts';
import { extendStripeTrial } from './trial-extension.ts';

const DAY_MS = 86_400_000;
const GOOD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Ada Lovelace' };
const DECLINED = { ...GOOD, cardNumber: '4000 0000 0000 0002' };
const DECLINES_LATER = { ...GOOD, cardNumber: '4000 0000 0000 0341' };
const sessionPath = (id: string) => `/api/v1/billing/local/checkout-sessions/${id}`;

const t = useTestApp();

const accountRow = async (id: string) => (await t.db.select().from(accounts).where(eq(accounts.id, id)))[0];

async function startCheckout(cookie: string, body: { planId: string; billingCycle?: string }) {
  const res = await client(t.app, cookie)({ method: 'POST', url: '/api/v1/billing/create-checkout-session', body });
  expect(res.statusCode).toBe(200);
  return (res.json().sessionUrl as string).split('/').at(-1) as string;
}

async function subscribe(planId: string, card = GOOD, billingCycle = 'monthly', accountValues = {}) {
  const manager = await signedInManager(t.db, accountValues);
  const id = await startCheckout(manager.cookie, { planId, billingCycle });
  const res = await client(t.app, manager.cookie)({ method: 'POST', url: `${sessionPath(id)}/complete`, body: card });
  expect(res.statusCode).toBe(200);
  const [sub] = await t.db
    .select()
    .from(localSubscriptions)
    .where(eq(localSubscriptions.accountId, manager.account.id));
  return {
    ...manager,
    sessionId: id,
    sub: sub as typeof localSubscriptions.$inferSelect,
    redirectUrl: res.json().redirectUrl,
  };
}

describe('the built-in test-mode checkout', () => {
  it('completing it with a test card starts the trial of the plan, like the Stripe webhooks would', async () => {
    const { account, cookie, sessionId, redirectUrl, sub } = await subscribe('scaleup', GOOD, 'yearly');
    expect(redirectUrl).toBe('/account?tab=billing');
    const status = (await client(t.app, cookie)({ method: 'GET', url: '/api/v1/billing/status' })).json();
    const trialEnd = sub.trialEnd?.toISOString();
    expect(trialEnd).toBeTruthy();
    expect(sub.trialEnd?.getTime()).toBe(sub.createdAt.getTime() + 7 * DAY_MS);
    expect(status).toEqual(
      scaleupYearlyTrialStatus('local', trialEnd, (await accountRow(account.id))?.stripeCustomerId),
    );
    expect(sub).toMatchObject({ cardBrand: 'visa', cardLast4: '4242', cardDeclines: false });

    const again = await client(
      t.app,
      cookie,
    )({ method: 'POST', url: `${sessionPath(sessionId)}/complete`, body: GOOD });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CHECKOUT_COMPLETE' });
    const page = await client(t.app, cookie)({ method: 'GET', url: sessionPath(sessionId) });
    expect(page.json().status).toBe('complete');
  });

  it('sends the wizard to the success page with the local session id', async () => {
    const { redirectUrl, sessionId } = await subscribe('startup', GOOD, 'monthly', { onboardingCompleted: false });
    expect(redirectUrl).toBe(`/onboarding/success?session_id=${sessionId}`);
  });

  it('refuses a declined or invalid card and changes nothing', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const id = await startCheckout(cookie, { planId: 'startup' });
    const call = client(t.app, cookie);
    const declined = await call({ method: 'POST', url: `${sessionPath(id)}/complete`, body: DECLINED });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'CARD_DECLINED', message: 'Your card was declined.' });
    const cases = [
      [{ ...GOOD, cardNumber: '4242 4242 4242 4241' }, 'cardNumber', 'is not a valid card number'],
      [{ ...GOOD, cardNumber: '4242' }, 'cardNumber', 'must be 12 to 19 digits'],
      [{ ...GOOD, expiry: '01/20' }, 'expiry', 'is in the past'],
      [{ ...GOOD, expiry: '13/30' }, 'expiry', 'must be MM/YY'],
      [{ ...GOOD, cvc: '1' }, 'cvc', 'must be 3 or 4 digits'],
      [{ ...GOOD, name: ' ' }, 'name', 'is required'],
    ] as const;
    for (const [body, field, message] of cases) {
      const res = await call({ method: 'POST', url: `${sessionPath(id)}/complete`, body });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().details).toEqual([{ field, message }]);
    }
    expect(await accountRow(account.id)).toMatchObject({ plan: 'free', stripeSubscriptionStatus: null });
    expect((await call({ method: 'GET', url: sessionPath(id) })).json().status).toBe('open');
  });

  it("answers 404 for another account's session and 403 for members", async () => {
    const owner = await signedInManager(t.db);
    const id = await startCheckout(owner.cookie, { planId: 'startup' });
    const stranger = await signedInManager(t.db);
    const foreign = client(t.app, stranger.cookie);
    expect((await foreign({ method: 'GET', url: sessionPath(id) })).statusCode).toBe(404);
    expect((await foreign({ method: 'POST', url: `${sessionPath(id)}/complete`, body: GOOD })).statusCode).toBe(404);
    expect((await foreign({ method: 'GET', url: sessionPath('not-a-session') })).statusCode).toBe(400);
    const member = await createUser(t.db, owner.account.id, { role: 'user' });
    const asMember = client(t.app, await sessionCookie(t.db, member.id));
    expect((await asMember({ method: 'POST', url: `${sessionPath(id)}/complete`, body: GOOD })).statusCode).toBe(403);
    expect((await accountRow(owner.account.id))?.plan).toBe('free');
  });

  it('the portal cancels at the period end, resumes and changes plan and cycle', async () => {
    const { account, cookie } = await subscribe('startup');
    const call = client(t.app, cookie);
    expect((await call({ method: 'POST', url: '/api/v1/billing/customer-portal', body: {} })).json()).toEqual({
      url: '/billing/portal',
    });
    const path = '/api/v1/billing/local/subscription';
    const canceled = await call({ method: 'PATCH', url: path, body: { cancelAtPeriodEnd: true } });
    expect(canceled.json().subscription).toMatchObject({
      planId: 'startup',
      cancelAtPeriodEnd: true,
      status: 'trialing',
    });
    expect(await accountRow(account.id)).toMatchObject({ cancelAtPeriodEnd: true, plan: 'startup' });

    await call({ method: 'PATCH', url: path, body: { cancelAtPeriodEnd: false } });
    expect((await accountRow(account.id))?.cancelAtPeriodEnd).toBe(false);

    const changed = await call({ method: 'PATCH', url: path, body: { planId: 'business', billingCycle: 'yearly' } });
    expect(changed.json().subscription).toMatchObject({ planId: 'business', billingCycle: 'yearly', amount: 1990 });
    expect(await accountRow(account.id)).toMatchObject({ plan: 'business', billingCycle: 'yearly' });

    const bad = await call({ method: 'PATCH', url: path, body: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { field: 'cancelAtPeriodEnd', message: 'give cancelAtPeriodEnd, planId or billingCycle' },
    ]);
    const free = await call({ method: 'PATCH', url: path, body: { planId: 'free' } });
    expect(free.statusCode).toBe(400);
  });

  it('renews when the trial ends, and ends the subscription at the period end once cancelled', async () => {
    const { account, sub } = await subscribe('startup', GOOD, 'yearly');
    const afterTrial = new Date((sub.trialEnd as Date).getTime() + 60_000);
    expect(await advanceLocalSubscriptions(t.db, afterTrial)).toContainEqual({
      accountId: account.id,
      subscriptionId: sub.id,
      result: 'renewed',
    });
    const renewedEnd = new Date(sub.trialEnd as Date);
    renewedEnd.setUTCFullYear(renewedEnd.getUTCFullYear() + 1);
    expect(await accountRow(account.id)).toMatchObject({
      plan: 'startup',
      stripeSubscriptionStatus: 'active',
      stripeCurrentPeriodEnd: renewedEnd,
    });

    await t.db.update(localSubscriptions).set({ cancelAtPeriodEnd: true }).where(eq(localSubscriptions.id, sub.id));
    const outcomes = await advanceLocalSubscriptions(t.db, new Date(renewedEnd.getTime() + 60_000));
    expect(outcomes).toContainEqual({ accountId: account.id, subscriptionId: sub.id, result: 'canceled' });
    expect(await accountRow(account.id)).toMatchObject({ plan: 'free', stripeSubscriptionStatus: 'canceled' });
  });

  it('a card that declines later: past due after the trial, suspended after the grace, active again with a new card', async () => {
    const { account, cookie, sub } = await subscribe('business', DECLINES_LATER);
    const trialEnd = (sub.trialEnd as Date).getTime();
    const failedAt = new Date(trialEnd + 60_000);
    expect(await advanceLocalSubscriptions(t.db, failedAt)).toContainEqual({
      accountId: account.id,
      subscriptionId: sub.id,
      result: 'payment_failed',
    });
    expect(await accountRow(account.id)).toMatchObject({
      plan: 'business',
      status: 'active',
      stripeSubscriptionStatus: 'past_due',
      paymentFailedAt: failedAt,
    });
    expect(await suspendAfterGrace(t.db, new Date(failedAt.getTime() + 7 * DAY_MS + 1))).toContain(account.id);
    expect(await accountRow(account.id)).toMatchObject({ status: 'suspended', suspensionReason: 'payment' });

    const call = client(t.app, cookie);
    const path = '/api/v1/billing/local/payment-method';
    const declined = await call({ method: 'PUT', url: path, body: DECLINES_LATER });
    expect(declined.statusCode).toBe(402);
    expect((await accountRow(account.id))?.status).toBe('suspended');
    const paid = await call({ method: 'PUT', url: path, body: { ...GOOD, cardNumber: '5555 5555 5555 4444' } });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().subscription).toMatchObject({ status: 'active', card: { brand: 'mastercard', last4: '4444' } });
    expect(await accountRow(account.id)).toMatchObject({
      status: 'active',
      suspensionReason: null,
      paymentFailedAt: null,
      stripeSubscriptionStatus: 'active',
    });
  });

  it('a declining card cannot pay a checkout without a trial', async () => {
    const { account, cookie } = await signedInManager(t.db);
    await t.db
      .update(accounts)
      .set({ trialEndsAt: new Date(Date.now() - DAY_MS) })
      .where(eq(accounts.id, account.id));
    const id = await startCheckout(cookie, { planId: 'startup' });
    const res = await client(
      t.app,
      cookie,
    )({ method: 'POST', url: `${sessionPath(id)}/complete`, body: DECLINES_LATER });
    expect(res.statusCode).toBe(402);
    const paid = await client(t.app, cookie)({ method: 'POST', url: `${sessionPath(id)}/complete`, body: GOOD });
    expect(paid.statusCode).toBe(200);
    expect(await accountRow(account.id)).toMatchObject({ plan: 'startup', stripeSubscriptionStatus: 'active' });
  });

  it('a downgrade keeps every person and applies the lower limits', async () => {
    const { account, cookie, sub } = await subscribe('startup');
    for (let i = 0; i < 8; i++) await createPerson(t.db, account.id, { status: 'active' });
    const waiting = await createPerson(t.db, account.id, { status: 'unassigned' });
    const call = client(t.app, cookie);
    await call({ method: 'PATCH', url: '/api/v1/billing/local/subscription', body: { cancelAtPeriodEnd: true } });
    await advanceLocalSubscriptions(t.db, new Date((sub.trialEnd as Date).getTime() + 60_000));
    expect(await accountRow(account.id)).toMatchObject({ plan: 'free', stripeSubscriptionStatus: 'canceled' });
    const team = await t.db.select().from(people).where(eq(people.accountId, account.id));
    expect(team.filter((p) => p.status === 'active')).toHaveLength(8);
    expect(team).toHaveLength(9);
    expect((await call({ method: 'GET', url: '/api/v1/billing/status' })).json()).toMatchObject({
      currentPlan: 'free',
      maxPeople: 5,
      integrationInterval: 10,
    });
    const refused = await call({
      method: 'POST',
      url: `/api/v1/unassigned/${waiting.id}/revive`,
      body: { name: 'Late' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PLAN_LIMIT');
  });

  it('free during a test-mode trial cancels it now', async () => {
    const { account, cookie } = await subscribe('scaleup');
    await client(
      t.app,
      cookie,
    )({ method: 'POST', url: '/api/v1/billing/create-checkout-session', body: { planId: 'free' } });
    const row = await accountRow(account.id);
    expect(row).toMatchObject({ plan: 'free', stripeSubscriptionStatus: 'canceled' });
    expect(row?.trialEndsAt?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('extendStripeTrial moves the test-mode subscription trial too', async () => {
    const { account, sub } = await subscribe('startup');
    const target = new Date(Date.now() + 20 * DAY_MS);
    expect(await extendStripeTrial(t.deps, account.id, target)).toEqual({ trialEndsAt: target });
    const [after] = await t.db.select().from(localSubscriptions).where(eq(localSubscriptions.id, sub.id));
    expect(after).toMatchObject({ trialEnd: target, currentPeriodEnd: target, status: 'trialing' });
  });
});
