import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import { PLANS } from '../../core/plans.ts';
import { accounts } from '../../db/schema/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/billing/status', () => {
  it('reads the plan limits of a free account', async () => {
    const { cookie } = await signedInManager(t.db);
    const res = await client(t.app, cookie)({ method: 'GET', url: '/api/v1/billing/status' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      currentPlan: 'free',
      maxIntegrations: 1,
      maxPeople: 5,
      integrationInterval: 10,
      isTrialActive: false,
      trialEndsAt: null,
      stripe: { subscriptionStatus: null, cancelAtPeriodEnd: false, currentPeriodEnd: null, customerId: null },
    });
  });

  it('applies operator overrides, the trial and the subscription fields, for every member', async () => {
    const { account } = await signedInManager(t.db, { plan: 'startup' });
    const trialEndsAt = new Date(Date.now() + 3 * 86_400_000);
    const periodEnd = new Date(Date.now() + 20 * 86_400_000);
    await t.db
      .update(accounts)
      .set({
        maxPeople: 40,
        integrationInterval: 3,
        trialEndsAt,
        stripeSubscriptionStatus: 'trialing',
        cancelAtPeriodEnd: true,
        stripeCurrentPeriodEnd: periodEnd,
        stripeCustomerId: 'cus_123',
      })
      .where(eq(accounts.id, account.id));
    const member = await createUser(t.db, account.id, { role: 'user' });
    const res = await client(
      t.app,
      await sessionCookie(t.db, member.id),
    )({ method: 'GET', url: '/api/v1/billing/status' });
    expect(res.json()).toEqual({
      currentPlan: 'startup',
      maxIntegrations: 2,
      maxPeople: 40,
      integrationInterval: 3,
      isTrialActive: true,
      trialEndsAt: trialEndsAt.toISOString(),
      stripe: {
        subscriptionStatus: 'trialing',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: periodEnd.toISOString(),
        customerId: 'cus_123',
      },
    });
  });

  it('reports an ended trial as inactive, and answers 401 without a session', async () => {
    const { account, cookie } = await signedInManager(t.db);
    await t.db
      .update(accounts)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(accounts.id, account.id));
    expect((await client(t.app, cookie)({ method: 'GET', url: '/api/v1/billing/status' })).json().isTrialActive).toBe(
      false,
    );
    expect((await client(t.app)({ method: 'GET', url: '/api/v1/billing/status' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/billing/plans', () => {
  it('returns the plan catalogue', async () => {
    const res = await client(t.app)({ method: 'GET', url: '/api/v1/billing/plans' });
    expect(res.statusCode).toBe(200);
    expect(res.json().plans.map((p: { id: string }) => p.id)).toEqual(['free', 'startup', 'scaleup', 'business']);
    expect(res.json().plans[1]).toEqual(PLANS.startup);
  });
});
