import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { client, useTestApp } from '../../../test/app.ts';
import { customerAccount, signedInOperator } from '../../../test/factories/operator.ts';
import { sessionCookie, signedInManager } from '../../../test/factories.ts';
import { createStripeTestApp } from '../../../test/fakes/stripe-app.ts';
import { accounts, auditLog } from '../../db/schema/accounts.ts';

const DAY = 86_400_000;
const t = useTestApp();
let operator: Awaited<ReturnType<typeof signedInOperator>>;

beforeAll(async () => {
  operator = await signedInOperator(t.db);
});

const as = () => client(t.app, operator.cookie);
const accountRow = async (id: string) => (await t.db.select().from(accounts).where(eq(accounts.id, id)))[0];

describe('PUT /api/v1/superadmin/accounts/:id/limits', () => {
  it('overrides the plan’s limits; the customer’s billing status follows; empty means unlimited', async () => {
    const { account, manager } = await customerAccount(t.db, { plan: 'free' });
    const res = await as()({
      method: 'PUT',
      url: `/api/v1/superadmin/accounts/${account.id}/limits`,
      body: { maxPeople: 40, maxIntegrations: null, integrationInterval: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ maxPeople: 40, maxIntegrations: null, integrationInterval: 1 });
    const billing = await client(
      t.app,
      await sessionCookie(t.db, manager.id),
    )({ method: 'GET', url: '/api/v1/billing/status' });
    expect(billing.json()).toMatchObject({ maxPeople: 40, maxIntegrations: -1, integrationInterval: 1 });
    const detail = await as()({ method: 'GET', url: `/api/v1/superadmin/accounts/${account.id}` });
    expect(detail.json()).toMatchObject({ maxPeople: 40, maxIntegrations: null, integrationInterval: 1 });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.accountId, account.id));
    expect(entry).toMatchObject({
      action: 'operator.limits_changed',
      actorUserId: operator.user.id,
      details: {
        from: { maxPeople: 5, maxIntegrations: 1, integrationInterval: 10 },
        to: { maxPeople: 40, maxIntegrations: null, integrationInterval: 1 },
      },
    });
  });

  it('lets an account add integrations past its plan once unlimited', async () => {
    // Custom sources need the Business plan or the operator's custom-integrations flag.
    const { account, manager } = await customerAccount(t.db, { plan: 'startup', features: ['custom-integrations'] });
    await as()({
      method: 'PUT',
      url: `/api/v1/superadmin/accounts/${account.id}/limits`,
      body: { maxPeople: 12, maxIntegrations: 0, integrationInterval: 5 },
    });
    const customer = client(t.app, await sessionCookie(t.db, manager.id));
    const services = (await customer({ method: 'GET', url: '/api/v1/integrations/available-services' })).json();
    const custom = services.find((s: { provider: string }) => s.provider === 'custom');
    for (let i = 0; i < 3; i++) {
      const created = await customer({
        method: 'POST',
        url: '/api/v1/integrations',
        body: { name: `Source ${i}`, kind: 'presence', serviceId: custom.id, config: {} },
      });
      expect(created.statusCode).toBe(201);
    }
  });

  it.each([
    [
      { maxPeople: -1, maxIntegrations: null, integrationInterval: 5 },
      'maxPeople',
      'Must be a positive number or empty for unlimited',
    ],
    [
      { maxPeople: 2.5, maxIntegrations: null, integrationInterval: 5 },
      'maxPeople',
      'Must be a positive number or empty for unlimited',
    ],
    [
      { maxPeople: 'ten', maxIntegrations: null, integrationInterval: 5 },
      'maxPeople',
      'Must be a positive number or empty for unlimited',
    ],
    [
      { maxPeople: null, maxIntegrations: -3, integrationInterval: 5 },
      'maxIntegrations',
      'Must be a positive number or empty for unlimited',
    ],
    [{ maxPeople: null, maxIntegrations: null }, 'integrationInterval', 'Integration interval is required'],
    [
      { maxPeople: null, maxIntegrations: null, integrationInterval: null },
      'integrationInterval',
      'Integration interval is required',
    ],
    [
      { maxPeople: null, maxIntegrations: null, integrationInterval: 0 },
      'integrationInterval',
      'Must be a positive number (minimum 1 minute)',
    ],
    [
      { maxPeople: null, maxIntegrations: null, integrationInterval: 1.5 },
      'integrationInterval',
      'Must be a positive number (minimum 1 minute)',
    ],
  ])('refuses %j with the spec’s text for %s and changes nothing', async (body, field, message) => {
    const { account } = await customerAccount(t.db, { plan: 'startup' });
    const res = await as()({ method: 'PUT', url: `/api/v1/superadmin/accounts/${account.id}/limits`, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field, message }]);
    const row = await accountRow(account.id);
    expect([row?.maxPeople, row?.maxIntegrations, row?.integrationInterval]).toEqual([null, null, null]);
  });
});

describe('PUT /api/v1/superadmin/accounts/:id/extend-trial', () => {
  it('moves the trial end; a date alone means the end of that day (UTC); the customer sees the trial', async () => {
    const { account, manager } = await customerAccount(t.db, { plan: 'free' });
    const day = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
    const res = await as()({
      method: 'PUT',
      url: `/api/v1/superadmin/accounts/${account.id}/extend-trial`,
      body: { trialEndDate: day },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ newTrialEndDate: `${day}T23:59:59.999Z` });
    expect((await accountRow(account.id))?.trialEndsAt?.toISOString()).toBe(`${day}T23:59:59.999Z`);
    const billing = await client(
      t.app,
      await sessionCookie(t.db, manager.id),
    )({ method: 'GET', url: '/api/v1/billing/status' });
    expect(billing.json()).toMatchObject({ isTrialActive: true, trialEndsAt: `${day}T23:59:59.999Z` });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.accountId, account.id));
    expect(entry).toMatchObject({
      action: 'operator.trial_extended',
      details: { from: null, to: `${day}T23:59:59.999Z`, stripe: 'not-configured' },
    });
  });

  it('takes an ISO date-time with an offset', async () => {
    const { account } = await customerAccount(t.db);
    const at = new Date(Date.now() + 3 * DAY);
    at.setUTCMilliseconds(0);
    const local = `${at.toISOString().slice(0, 19)}+00:00`;
    const res = await as()({
      method: 'PUT',
      url: `/api/v1/superadmin/accounts/${account.id}/extend-trial`,
      body: { trialEndDate: local },
    });
    expect(res.json()).toEqual({ newTrialEndDate: at.toISOString() });
  });

  it.each([
    [{}, 'Please select a new trial end date'],
    [{ trialEndDate: '' }, 'Please select a new trial end date'],
    [{ trialEndDate: null }, 'Please select a new trial end date'],
    [{ trialEndDate: new Date(Date.now() - DAY).toISOString() }, 'Trial end date must be in the future'],
    [{ trialEndDate: new Date(Date.now() - DAY).toISOString().slice(0, 10) }, 'Trial end date must be in the future'],
    [{ trialEndDate: 'next friday' }, 'Trial end date must be a date such as 2030-01-31'],
    [{ trialEndDate: '2030-02-30' }, 'Trial end date must be a date such as 2030-01-31'],
    [{ trialEndDate: '2999-01-01' }, 'Trial end date must be within 5 years'],
  ])('refuses %j with 400 whose error field says "%s", changing nothing', async (body, text) => {
    const { account } = await customerAccount(t.db);
    const res = await as()({ method: 'PUT', url: `/api/v1/superadmin/accounts/${account.id}/extend-trial`, body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: text,
      message: text,
      details: [{ field: 'trialEndDate', message: text }],
    });
    expect((await accountRow(account.id))?.trialEndsAt).toBeNull();
  });

  it("with Stripe configured and a live subscription, moves the subscription's trial at Stripe and the account follows", async () => {
    const stripe = await createStripeTestApp();
    try {
      const op = await signedInOperator(stripe.db);
      const manager = await signedInManager(stripe.db);
      const checkout = await client(
        stripe.app,
        manager.cookie,
      )({ method: 'POST', url: '/api/v1/billing/create-checkout-session', body: { planId: 'scaleup' } });
      const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(checkout.json().sessionUrl)?.[1] as string;
      for (const event of stripe.stripe.completeCheckout(sessionId)) await stripe.deliver(event);
      const subscriptionId = stripe.stripe.sessions.get(sessionId)?.subscription as string;
      const when = new Date(Math.floor((Date.now() + 30 * DAY) / 1000) * 1000);
      const res = await client(
        stripe.app,
        op.cookie,
      )({
        method: 'PUT',
        url: `/api/v1/superadmin/accounts/${manager.account.id}/extend-trial`,
        body: { trialEndDate: when.toISOString() },
      });
      expect(res.json()).toEqual({ newTrialEndDate: when.toISOString() });
      expect(stripe.stripe.sub(subscriptionId)).toMatchObject({ trial_end: when.getTime() / 1000, status: 'trialing' });
      const [row] = await stripe.db.select().from(accounts).where(eq(accounts.id, manager.account.id));
      expect(row?.trialEndsAt?.toISOString()).toBe(when.toISOString());
      const [entry] = await stripe.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.accountId, manager.account.id), eq(auditLog.action, 'operator.trial_extended')));
      expect(entry?.details).toMatchObject({ stripe: 'moved', to: when.toISOString() });
    } finally {
      await stripe.close();
    }
  });
});

describe('GET and PUT /api/v1/superadmin/accounts/:id/features', () => {
  it('replaces the flags, in a fixed order, without duplicates; flags set elsewhere stay', async () => {
    const { account } = await customerAccount(t.db, { features: ['predictions', 'beta-calendar'] });
    const before = await as()({ method: 'GET', url: `/api/v1/superadmin/accounts/${account.id}/features` });
    expect(before.json()).toEqual({ features: ['predictions'] });
    const res = await as()({
      method: 'PUT',
      url: `/api/v1/superadmin/accounts/${account.id}/features`,
      body: { features: ['custom-integrations', 'teams', 'teams'] },
    });
    expect(res.json()).toEqual({ features: ['teams', 'custom-integrations'] });
    expect((await accountRow(account.id))?.features).toEqual(['beta-calendar', 'teams', 'custom-integrations']);
    const cleared = await as()({
      method: 'PUT',
      url: `/api/v1/superadmin/accounts/${account.id}/features`,
      body: { features: [] },
    });
    expect(cleared.json()).toEqual({ features: [] });
  });

  it.each([
    [{ features: ['sso'] }, 'features.0'],
    [{ features: 'teams' }, 'features'],
    [{}, 'features'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const { account } = await customerAccount(t.db, { features: ['teams'] });
    const res = await as()({ method: 'PUT', url: `/api/v1/superadmin/accounts/${account.id}/features`, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe(field);
    expect((await accountRow(account.id))?.features).toEqual(['teams']);
  });
});
