import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import { createPushIntegration } from '../../../test/factories/integrations.ts';
import { createUser, sessionCookie, signedInManager } from '../../../test/factories.ts';
import { PLANS } from '../../core/plans.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { integrations } from '../../db/schema/integrations.ts';

const t = useTestApp();

describe('GET /api/v1/billing/status', () => {
  it('reads the plan limits of a free account', async () => {
    const { cookie } = await signedInManager(t.db);
    const res = await client(t.app, cookie)({ method: 'GET', url: '/api/v1/billing/status' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      currentPlan: 'free',
      billingCycle: null,
      maxIntegrations: 1,
      maxPeople: 5,
      maxUsers: 1,
      maxCustomIntegrations: 0,
      integrationInterval: 10,
      nextDataRefreshAt: null,
      isTrialActive: false,
      trialEndsAt: null,
      paymentGraceEndsAt: null,
      suspensionReason: null,
      provider: 'local',
      stripe: { subscriptionStatus: null, cancelAtPeriodEnd: false, currentPeriodEnd: null, customerId: null },
    });
  });

  it('applies operator overrides, the trial, the payment grace and the subscription fields, for every member', async () => {
    const { account } = await signedInManager(t.db, { plan: 'startup' });
    const trialEndsAt = new Date(Date.now() + 3 * 86_400_000);
    const periodEnd = new Date(Date.now() + 20 * 86_400_000);
    const paymentFailedAt = new Date(Date.now() - 86_400_000);
    await t.db
      .update(accounts)
      .set({
        maxPeople: 40,
        integrationInterval: 3,
        billingCycle: 'yearly',
        features: ['custom-integrations'],
        trialEndsAt,
        paymentFailedAt,
        stripeSubscriptionStatus: 'past_due',
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
      billingCycle: 'yearly',
      maxIntegrations: 2,
      maxPeople: 40,
      maxUsers: 15,
      maxCustomIntegrations: -1,
      integrationInterval: 3,
      nextDataRefreshAt: null,
      isTrialActive: true,
      trialEndsAt: trialEndsAt.toISOString(),
      paymentGraceEndsAt: new Date(paymentFailedAt.getTime() + 7 * 86_400_000).toISOString(),
      suspensionReason: null,
      provider: 'local',
      stripe: {
        subscriptionStatus: 'past_due',
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

  it("answers the next scheduled refresh of the account's running polled integrations", async () => {
    const { account, cookie } = await signedInManager(t.db);
    const soon = new Date(Date.now() + 4 * 60_000);
    const later = new Date(Date.now() + 9 * 60_000);
    const a = await createPushIntegration(t.deps, account.id, { provider: 'mattermost' });
    const b = await createPushIntegration(t.deps, account.id, { provider: 'gitlab' });
    const stopped = await createPushIntegration(t.deps, account.id, { provider: 'mattermost', status: 'inactive' });
    await t.db.update(integrations).set({ nextRunAt: later }).where(eq(integrations.id, a.integration.id));
    await t.db.update(integrations).set({ nextRunAt: soon }).where(eq(integrations.id, b.integration.id));
    await t.db
      .update(integrations)
      .set({ nextRunAt: new Date(Date.now() + 60_000) })
      .where(eq(integrations.id, stopped.integration.id));
    const status = (await client(t.app, cookie)({ method: 'GET', url: '/api/v1/billing/status' })).json();
    expect(status.nextDataRefreshAt).toBe(soon.toISOString());
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
