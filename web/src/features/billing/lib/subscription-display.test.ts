import { describe, expect, it } from 'vitest';
import { graceDaysLeft, subscriptionBadge, trialDaysLeft } from './subscription-display';

describe('subscription display', () => {
  it('labels subscription statuses, a scheduled cancellation as canceling', () => {
    expect(subscriptionBadge('active')).toEqual({ label: 'Active', tone: 'success' });
    expect(subscriptionBadge('trialing')).toEqual({ label: 'Trialing', tone: 'info' });
    expect(subscriptionBadge('trialing', true)).toEqual({ label: 'Canceling', tone: 'warning' });
    expect(subscriptionBadge('canceled', true)).toEqual({ label: 'Canceled', tone: 'neutral' });
    expect(subscriptionBadge('past_due')).toEqual({ label: 'Past due', tone: 'warning' });
    expect(subscriptionBadge('incomplete_expired')?.label).toBe('Incomplete expired');
    expect(subscriptionBadge(null)).toBeNull();
  });

  it('counts trial and grace days left', () => {
    const now = new Date('2025-03-01T12:00:00Z');
    expect(trialDaysLeft({ isTrialActive: true, trialEndsAt: '2025-03-06T12:00:00Z' }, now)).toBe(5);
    expect(trialDaysLeft({ isTrialActive: false, trialEndsAt: '2025-03-06T12:00:00Z' }, now)).toBeNull();
    expect(graceDaysLeft({ paymentGraceEndsAt: '2025-03-08T12:00:00Z' }, now)).toBe(7);
    expect(graceDaysLeft({ paymentGraceEndsAt: '2025-02-28T12:00:00Z' }, now)).toBe(0);
    expect(graceDaysLeft({ paymentGraceEndsAt: null }, now)).toBeNull();
  });
});
