import { describe, expect, it } from 'vitest';
import { type BillingFields, billingFieldsFor, changedFields } from './billing-fields.ts';
import { currentSubscription, type SubscriptionSnapshot } from './subscription.ts';

const DAY_MS = 86_400_000;
const now = new Date('2026-03-10T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * DAY_MS);

const freeAccount: BillingFields = {
  plan: 'free',
  billingCycle: null,
  trialEndsAt: null,
  stripeSubscriptionId: null,
  stripePriceId: null,
  stripeSubscriptionStatus: null,
  stripeCurrentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  paymentFailedAt: null,
  status: 'active',
  suspensionReason: null,
};

const sub = (values: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  id: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  planId: 'startup',
  billingCycle: 'monthly',
  priceId: 'price_test_startup_monthly',
  trialEnd: null,
  currentPeriodEnd: days(30),
  cancelAtPeriodEnd: false,
  created: days(-1),
  ...values,
});

describe('billingFieldsFor', () => {
  it('gives a trialing subscription its plan, cycle, trial end and period', () => {
    const next = billingFieldsFor(
      freeAccount,
      sub({ status: 'trialing', trialEnd: days(7), currentPeriodEnd: days(7) }),
      now,
    );
    expect(next).toEqual({
      ...freeAccount,
      plan: 'startup',
      billingCycle: 'monthly',
      trialEndsAt: days(7),
      stripeSubscriptionId: 'sub_1',
      stripePriceId: 'price_test_startup_monthly',
      stripeSubscriptionStatus: 'trialing',
      stripeCurrentPeriodEnd: days(7),
    });
  });

  it('is idempotent: applying the result again changes nothing', () => {
    const s = sub({ status: 'past_due' });
    const once = billingFieldsFor(freeAccount, s, now);
    const twice = billingFieldsFor(once, s, days(1));
    expect(changedFields(once, twice)).toEqual({});
    expect(twice.paymentFailedAt).toEqual(now);
  });

  it('returns an ended subscription to free and ends a trial it cut short, keeping the date had', () => {
    const trialing = billingFieldsFor(freeAccount, sub({ status: 'trialing', trialEnd: days(5) }), now);
    const ended = billingFieldsFor(trialing, sub({ status: 'canceled', trialEnd: days(5) }), now);
    expect(ended).toMatchObject({ plan: 'free', billingCycle: null, trialEndsAt: now, cancelAtPeriodEnd: false });
    expect(billingFieldsFor(ended, sub({ status: 'canceled', trialEnd: days(5) }), days(1)).trialEndsAt).toEqual(now);
  });

  it('leaves the plan alone for a status that gives none yet (incomplete) or a price outside the catalogue', () => {
    expect(billingFieldsFor(freeAccount, sub({ status: 'incomplete' }), now).plan).toBe('free');
    expect(billingFieldsFor({ ...freeAccount, plan: 'business' }, sub({ planId: null }), now).plan).toBe('business');
  });

  it('suspends for payment once the grace has run out, and lifts only a suspension for payment', () => {
    const owed = { ...freeAccount, plan: 'startup', paymentFailedAt: days(-8) };
    expect(billingFieldsFor(owed, sub({ status: 'past_due' }), now)).toMatchObject({
      status: 'suspended',
      suspensionReason: 'payment',
    });
    expect(billingFieldsFor({ ...owed, paymentFailedAt: days(-6) }, sub({ status: 'unpaid' }), now).status).toBe(
      'active',
    );
    const forPayment = { ...owed, status: 'suspended' as const, suspensionReason: 'payment' as const };
    expect(billingFieldsFor(forPayment, sub(), now)).toMatchObject({
      status: 'active',
      suspensionReason: null,
      paymentFailedAt: null,
    });
    const byOperator = { ...forPayment, suspensionReason: 'operator' as const };
    expect(billingFieldsFor(byOperator, sub(), now)).toMatchObject({
      status: 'suspended',
      suspensionReason: 'operator',
    });
    const terminated = { ...owed, status: 'terminated' as const };
    expect(billingFieldsFor(terminated, sub({ status: 'past_due' }), now).status).toBe('terminated');
  });
});

describe('currentSubscription', () => {
  it('picks the newest live subscription, else the newest, whatever the order given', () => {
    const old = sub({ id: 'sub_old', created: days(-20), status: 'active' });
    const newerCanceled = sub({ id: 'sub_new', created: days(-2), status: 'canceled' });
    expect(currentSubscription([newerCanceled, old])?.id).toBe('sub_old');
    expect(currentSubscription([old, newerCanceled])?.id).toBe('sub_old');
    const ended = sub({ id: 'sub_old', created: days(-20), status: 'canceled' });
    expect(currentSubscription([ended, newerCanceled])?.id).toBe('sub_new');
    expect(currentSubscription([])).toBeNull();
  });
});
