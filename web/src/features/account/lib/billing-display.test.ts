import { describe, expect, it } from 'vitest';
import { subscriptionBadge, trialDaysLeft } from './billing-display';

describe('billing display', () => {
  it('labels subscription statuses', () => {
    expect(subscriptionBadge('active')).toEqual({ label: 'Active', tone: 'success' });
    expect(subscriptionBadge('trialing')?.label).toBe('Trialing');
    expect(subscriptionBadge('canceled')?.label).toBe('Canceled');
    expect(subscriptionBadge('incomplete_expired')?.label).toBe('Incomplete expired');
    expect(subscriptionBadge(null)).toBeNull();
  });

  it('counts trial days left', () => {
    const now = new Date('2025-03-01T12:00:00Z');
    expect(trialDaysLeft({ isTrialActive: true, trialEndsAt: '2025-03-06T12:00:00Z' }, now)).toBe(5);
    expect(trialDaysLeft({ isTrialActive: false, trialEndsAt: '2025-03-06T12:00:00Z' }, now)).toBeNull();
  });
});
