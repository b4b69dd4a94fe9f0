import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import { TRIAL_DAYS } from '../../core/plans.ts';
import { accounts, auditLog } from '../../db/schema/accounts.ts';
import { endExpiredTrials } from '../../engine/trials.ts';
import { TRIAL_USED_MESSAGE } from './checkout-service.ts';

const url = '/api/v1/billing/create-checkout-session';
const DAY_MS = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function accountRow(id: string) {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

describe('POST /api/v1/billing/create-checkout-session', () => {
  it('starts a 7-day trial of a paid plan while onboarding and sends the browser to the success page', async () => {
    const { account, cookie } = await signedInManager(t.db, { onboardingCompleted: false });
    const call = client(t.app, cookie);
    const res = await call({ method: 'POST', url, body: { planId: 'startup', billingCycle: 'yearly' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().sessionUrl).toMatch(/^\/onboarding\/success\?session_id=trial_[A-Za-z0-9_-]{16}$/);

    const row = await accountRow(account.id);
    expect(row).toMatchObject({ plan: 'startup', billingCycle: 'yearly' });
    const trialMs = (row?.trialEndsAt?.getTime() ?? 0) - Date.now();
    expect(trialMs).toBeGreaterThan(TRIAL_DAYS * DAY_MS - 60_000);
    expect(trialMs).toBeLessThanOrEqual(TRIAL_DAYS * DAY_MS);

    const status = (await call({ method: 'GET', url: '/api/v1/billing/status' })).json();
    expect(status).toMatchObject({ currentPlan: 'startup', maxIntegrations: 2, isTrialActive: true });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, account.id), eq(auditLog.action, 'billing.plan_changed')));
    expect(audit).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ from: 'free', to: 'startup' }) }),
    ]);
  });

  it('keeps the running trial when moving between paid plans; monthly is the default cycle', async () => {
    const { account, cookie } = await signedInManager(t.db, { onboardingCompleted: false });
    const call = client(t.app, cookie);
    await call({ method: 'POST', url, body: { planId: 'startup', billingCycle: 'yearly' } });
    const firstEnd = (await accountRow(account.id))?.trialEndsAt;
    const res = await call({ method: 'POST', url, body: { planId: 'business' } });
    expect(res.statusCode).toBe(200);
    const row = await accountRow(account.id);
    expect(row).toMatchObject({ plan: 'business', billingCycle: 'monthly', trialEndsAt: firstEnd });
  });

  it('switches to free, ending the trial; onboarded accounts go to the billing tab', async () => {
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
    // The trial ends now, and its date stays: a trial is had once.
    expect(ended?.trialEndsAt?.getTime()).toBeLessThanOrEqual(Date.now());

    await t.db.update(accounts).set({ onboardingCompleted: true }).where(eq(accounts.id, account.id));
    const onboarded = await call({ method: 'POST', url, body: { planId: 'free' } });
    expect(onboarded.json()).toEqual({ sessionUrl: '/account?tab=billing' });
    const again = await call({ method: 'POST', url, body: { planId: 'scaleup' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'TRIAL_USED', message: TRIAL_USED_MESSAGE });
    expect((await accountRow(account.id))?.plan).toBe('free');

    const fresh = await signedInManager(t.db);
    const paid = await client(t.app, fresh.cookie)({ method: 'POST', url, body: { planId: 'scaleup' } });
    expect(paid.json()).toEqual({ sessionUrl: '/account?tab=billing' });
    expect((await accountRow(fresh.account.id))?.plan).toBe('scaleup');
  });

  it('moves accounts whose trial ended without a subscription back to free, and only those', async () => {
    const expired = await signedInManager(t.db, { plan: 'startup' });
    const running = await signedInManager(t.db, { plan: 'startup' });
    const paying = await signedInManager(t.db, { plan: 'business' });
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
    const changed = await endExpiredTrials(t.db);
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
    expect(await accountRow(account.id)).toMatchObject({ plan: 'free', trialEndsAt: null });
  });

  it('is for managers only; suspended accounts and anonymous callers are refused', async () => {
    const { account } = await signedInManager(t.db);
    const member = await createUser(t.db, account.id, { role: 'user' });
    const asMember = client(t.app, await sessionCookie(t.db, member.id));
    const refused = await asMember({ method: 'POST', url, body: { planId: 'business' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only managers can do this.');
    expect((await accountRow(account.id))?.plan).toBe('free');

    const suspended = await signedInManager(t.db, { status: 'suspended' });
    const blocked = await client(t.app, suspended.cookie)({ method: 'POST', url, body: { planId: 'business' } });
    expect(blocked.json().code).toBe('ACCOUNT_SUSPENDED');
    expect((await client(t.app)({ method: 'POST', url, body: { planId: 'free' } })).statusCode).toBe(401);
  });
});
