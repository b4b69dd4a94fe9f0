import { describe, expect, it } from 'vitest';
import { displayAccountName } from './account-name';
import { billingBadge, daysLeft } from './billing-badge';
import { INTERVAL_MESSAGE, INTERVAL_REQUIRED, intervalProblem, LIMIT_MESSAGE, limitProblem } from './limits';
import { signupSourceLabel } from './signup';
import { minTrialDate, trialDateProblem, trialEndOf } from './trial';

const NOW = new Date(2030, 5, 15, 12, 0);
const at = (day: number, hour = 0) => new Date(2030, 5, day, hour).toISOString();
const base = { stripeSubscriptionStatus: null, trialEndsAt: null, cancelAtPeriodEnd: false, currentPlan: 'startup' };

describe('billingBadge (spec 001 §4 priority)', () => {
  it('puts an active subscription first, even during a trial that is canceling', () => {
    expect(
      billingBadge(
        { ...base, stripeSubscriptionStatus: 'active', trialEndsAt: '2030-06-20T00:00:00Z', cancelAtPeriodEnd: true },
        NOW,
      ),
    ).toEqual({ label: 'Subscribed', tone: 'success' });
  });
  it('then a running trial with its calendar days left', () => {
    expect(billingBadge({ ...base, trialEndsAt: at(18, 23) }, NOW)).toEqual({
      label: 'Trial · 3 days left',
      tone: 'info',
    });
    expect(billingBadge({ ...base, trialEndsAt: at(16, 1) }, NOW).label).toBe('Trial · 1 day left');
    expect(billingBadge({ ...base, trialEndsAt: at(15, 18) }, NOW).label).toBe('Trial · ends today');
  });
  it('then an expired trial, before canceling soon', () => {
    expect(billingBadge({ ...base, trialEndsAt: at(1), cancelAtPeriodEnd: true }, NOW)).toEqual({
      label: 'Trial expired',
      tone: 'warning',
    });
  });
  it('then canceling soon, else the plan name or Free', () => {
    expect(billingBadge({ ...base, stripeSubscriptionStatus: 'past_due', cancelAtPeriodEnd: true }, NOW).label).toBe(
      'Canceling',
    );
    expect(billingBadge({ ...base, currentPlan: 'scaleup' }, NOW)).toEqual({ label: 'Scaleup', tone: 'neutral' });
    expect(billingBadge({ ...base, currentPlan: '' }, NOW).label).toBe('Free');
  });
  it('counts no negative days', () => {
    expect(daysLeft(at(1), NOW)).toBe(0);
  });
});

describe('displayAccountName', () => {
  it('falls back to the first 8 characters of the id, then Unknown Account', () => {
    expect(displayAccountName('  Night Owls ', 'abc')).toBe('Night Owls');
    expect(displayAccountName('   ', '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0')).toBe('0f1e2d3c');
    expect(displayAccountName(null, null)).toBe('Unknown Account');
  });
});

describe('limits (spec 001 §5)', () => {
  it('takes empty as unlimited and whole numbers from 0 for people and integrations', () => {
    expect(limitProblem(null)).toBeNull();
    expect(limitProblem(0)).toBeNull();
    expect(limitProblem(40)).toBeNull();
    expect(limitProblem(-1)).toBe(LIMIT_MESSAGE);
    expect(limitProblem(2.5)).toBe(LIMIT_MESSAGE);
    expect(LIMIT_MESSAGE).toBe('Must be a positive number or empty for unlimited');
  });
  it('requires the interval, from 1 minute', () => {
    expect(intervalProblem(null)).toBe('Integration interval is required');
    expect(intervalProblem(0)).toBe('Must be a positive number (minimum 1 minute)');
    expect(intervalProblem(1.5)).toBe(INTERVAL_MESSAGE);
    expect(intervalProblem(1)).toBeNull();
    expect(INTERVAL_REQUIRED).toBe('Integration interval is required');
  });
});

describe('trial dates', () => {
  const now = new Date(2030, 5, 15, 9, 30);
  it('offers tomorrow at the earliest', () => {
    expect(minTrialDate(now)).toBe('2030-06-16');
    expect(minTrialDate(new Date(2030, 11, 31, 23, 0))).toBe('2031-01-01');
  });
  it('asks for a date, in the future', () => {
    expect(trialDateProblem('', now)).toBe('Please select a new trial end date');
    expect(trialDateProblem('2030-06-15', now)).toBe('Trial end date must be in the future');
    expect(trialDateProblem('2030-06-16', now)).toBeNull();
  });
  it('ends the trial at the end of the chosen local day', () => {
    expect(trialEndOf('2030-06-16')).toBe(new Date(2030, 5, 16, 23, 59, 59).toISOString());
  });
});

describe('signupSourceLabel', () => {
  it('names the two sources of the spec and passes others through', () => {
    expect(signupSourceLabel('web_form')).toBe('Website Form');
    expect(signupSourceLabel('api')).toBe('API Registration');
    expect(signupSourceLabel('partner')).toBe('partner');
    expect(signupSourceLabel(undefined)).toBe('Unknown');
  });
});
