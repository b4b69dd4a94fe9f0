import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import { accounts, auditLog } from '../../db/schema/accounts.ts';
import { endExpiredTrials } from '../../engine/trials.ts';

const url = '/api/v1/billing/create-checkout-session';
const DAY_MS = 86_400_000;

// Without STRIPE_SECRET_KEY: the built-in test-mode checkout (local-billing.test.ts completes it).
const t = useTestApp();

async function accountRow(id: string) {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

describe('POST /api/v1/billing/create-checkout-session (test mode)', () => {
  it('answers the local checkout page for a paid plan and changes nothing on the account yet', async () => {
    const { account, cookie } = await signedInManager(t.db, { onboardingCompleted: false });
    const call = client(t.app, cookie);
    const res = await call({ method: 'POST', url, body: { planId: 'startup', billingCycle: 'yearly' } });
    expect(res.statusCode).toBe(200);
    const sessionUrl: string = res.json().sessionUrl;
    expect(sessionUrl).toMatch(/^\/billing\/checkout\/cs_local_[A-Za-z0-9_-]{24}$/);

    const row = await accountRow(account.id);
    expect(row).toMatchObject({ plan: 'free', billingCycle: null, trialEndsAt: null, stripeSubscriptionStatus: null });
    expect(row?.stripeCustomerId).toMatch(/^cus_local_/);
    const session = await call({
      method: 'GET',
      url: `/api/v1/billing/local/checkout-sessions/${sessionUrl.split('/').at(-1)}`,
    });
    expect(session.json()).toMatchObject({
      planId: 'startup',
      planName: 'Startup',
      billingCycle: 'yearly',
      amount: 290,
      trialDays: 7,
      status: 'open',
      cancelUrl: '/onboarding/step2',
    });
  });

  it('switches to free at once without a subscription, ending a trial that had none; the date stays', async () => {
    const { account, cookie } = await signedInManager(t.db, { plan: 'scaleup', onboardingCompleted: false });
    await t.db
      .update(accounts)
      .set({ trialEndsAt: new Date(Date.now() + 3 * DAY_MS), billingCycle: 'monthly' })
      .where(eq(accounts.id, account.id));
    const call = client(t.app, cookie);
    const onboarding = await call({ method: 'POST', url, body: { planId: 'free', billingCycle: 'monthly' } });
    expect(onboarding.json().sessionUrl).toMatch(/^\/onboarding\/success\?session_id=free_[A-Za-z0-9_-]+$/);
    const ended = await accountRow(account.id);
    expect(ended).toMatchObject({ plan: 'free', billingCycle: null });
    expect(ended?.trialEndsAt?.getTime()).toBeLessThanOrEqual(Date.now());
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, account.id), eq(auditLog.action, 'billing.plan_changed')));
    expect(audit).toEqual([expect.objectContaining({ details: { from: 'scaleup', to: 'free', billingCycle: null } })]);

    await t.db.update(accounts).set({ onboardingCompleted: true }).where(eq(accounts.id, account.id));
    const onboarded = await call({ method: 'POST', url, body: { planId: 'free' } });
    expect(onboarded.json()).toEqual({ sessionUrl: '/account?tab=billing' });

    // A trial is had once: the next paid checkout offers none (no more 409 TRIAL_USED).
    const again = await call({ method: 'POST', url, body: { planId: 'scaleup' } });
    expect(again.statusCode).toBe(200);
    const id = (again.json().sessionUrl as string).split('/').at(-1);
    const session = await call({ method: 'GET', url: `/api/v1/billing/local/checkout-sessions/${id}` });
    expect(session.json()).toMatchObject({
      planId: 'scaleup',
      billingCycle: 'monthly',
      amount: 99,
      trialDays: null,
      cancelUrl: '/upgrade',
    });
  });

  it('moves accounts whose trial ended without a subscription back to free, and only those', async () => {
    const expired = await signedInManager(t.db, { plan: 'startup' });
    const running = await signedInManager(t.db, { plan: 'startup' });
    const paying = await signedInManager(t.db, { plan: 'business' });
    const owing = await signedInManager(t.db, { plan: 'startup' });
    const past = new Date(Date.now() - DAY_MS);
    await t.db.update(accounts).set({ trialEndsAt: past }).where(eq(accounts.id, expired.account.id));
    await t.db
      .update(accounts)
      .set({ trialEndsAt: new Date(Date.now() + DAY_MS) })
      .where(eq(accounts.id, running.account.id));
    await t.db
      .update(accounts)
      .set({ trialEndsAt: past, stripeSubscriptionStatus: 'active' })
      .where(eq(accounts.id, paying.account.id));
    // An unpaid subscription goes through the payment grace, not back to free.
    await t.db
      .update(accounts)
      .set({ trialEndsAt: past, stripeSubscriptionStatus: 'unpaid' })
      .where(eq(accounts.id, owing.account.id));
    const changed = await endExpiredTrials(t.db);
    expect(changed).not.toContain(owing.account.id);
    expect(changed).toContain(expired.account.id);
    expect(changed).not.toContain(running.account.id);
    expect(changed).not.toContain(paying.account.id);
    expect((await accountRow(expired.account.id))?.plan).toBe('free');
    expect((await accountRow(running.account.id))?.plan).toBe('startup');
    expect((await accountRow(paying.account.id))?.plan).toBe('business');
    const status = (await client(t.app, expired.cookie)({ method: 'GET', url: '/api/v1/billing/status' })).json();
    expect(status).toMatchObject({ currentPlan: 'free', isTrialActive: false });
  });

  it('refuses bad input with 400 naming the field and changes nothing', async () => {
    const { account, cookie } = await signedInManager(t.db);
    const call = client(t.app, cookie);
    const cases = [
      [{ planId: 'enterprise' }, 'planId'],
      [{ billingCycle: 'monthly' }, 'planId'],
      [{ planId: 'startup', billingCycle: 'weekly' }, 'billingCycle'],
      [{ planId: 3 }, 'planId'],
    ] as const;
    for (const [body, field] of cases) {
      const res = await call({ method: 'POST', url, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details).toEqual([expect.objectContaining({ field })]);
    }
    expect(await accountRow(account.id)).toMatchObject({ plan: 'free', trialEndsAt: null, stripeCustomerId: null });
  });

  it('is for managers only; a suspended account may still choose a plan; anonymous callers are refused', async () => {
    const { account } = await signedInManager(t.db);
    const member = await createUser(t.db, account.id, { role: 'user' });
    const asMember = client(t.app, await sessionCookie(t.db, member.id));
    const refused = await asMember({ method: 'POST', url, body: { planId: 'business' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only managers can do this.');
    expect((await accountRow(account.id))?.stripeCustomerId).toBeNull();

    const suspended = await signedInManager(t.db, { status: 'suspended' });
    const allowed = await client(t.app, suspended.cookie)({ method: 'POST', url, body: { planId: 'business' } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().sessionUrl).toMatch(/^\/billing\/checkout\/cs_local_/);
    expect((await client(t.app)({ method: 'POST', url, body: { planId: 'free' } })).statusCode).toBe(401);
  });
});
