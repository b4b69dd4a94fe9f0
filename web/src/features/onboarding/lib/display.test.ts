import type { Plan } from '@overlap/contract/plans';
import { describe, expect, it } from 'vitest';
import { activationText } from './activation-text';
import { offeredPlans, startLabel } from './plan-display';
import { DASHBOARD_BUTTON_AFTER_MS, REDIRECT_AFTER_MS, REDIRECTING_FOR_MS, sessionIdPreview } from './success-timing';

describe('plan display', () => {
  it('labels the start button by plan', () => {
    expect(startLabel(undefined)).toBe('Choose a plan');
    expect(startLabel({ id: 'free', name: 'Free' })).toBe('Start with Free');
    expect(startLabel({ id: 'startup', name: 'Startup' })).toBe('Start 7-Day Trial');
    expect(startLabel({ id: 'startup', name: 'Startup' }, true)).toBe('Subscribe to Startup');
  });

  it('offers only active plans, in catalogue order', () => {
    const plans = [
      { id: 'free', active: true },
      { id: 'startup', active: false },
      { id: 'business', active: true },
    ];
    expect(offeredPlans(plans as Plan[]).map((p) => p.id)).toEqual(['free', 'business']);
  });
});

describe('success page', () => {
  it('shows the first 20 characters of the session id', () => {
    expect(sessionIdPreview('cs_test_a1b2c3d4e5f6g7h8i9j0k1')).toBe('cs_test_a1b2c3d4e5f6');
    expect(sessionIdPreview(null)).toBeNull();
  });

  it('waits 3 s, says Redirecting for 1 s, and offers the button after 0.5 s', () => {
    expect([REDIRECT_AFTER_MS, REDIRECTING_FOR_MS, DASHBOARD_BUTTON_AFTER_MS]).toEqual([3000, 1000, 500]);
  });
});

describe('what the success page says happened', () => {
  const trialing = {
    currentPlan: 'scaleup',
    isTrialActive: true,
    trialEndsAt: '2026-03-17T12:00:00Z',
    maxPeople: 50,
    integrationInterval: 2,
  };
  const free = { ...trialing, currentPlan: 'free', isTrialActive: false, maxPeople: 5, integrationInterval: 10 };
  it('says a paid subscription was activated with its limits, and the free plan is active with its own', () => {
    expect(activationText('cs_test_abc', trialing, 'Scaleup')).toEqual({
      headline: 'Your subscription has been successfully activated',
      detail: 'Scaleup plan, free trial until 17 Mar 2026: Up to 50 people, updated every 2 minutes',
    });
    expect(activationText('cs_local_abc', { ...trialing, isTrialActive: false }, 'Scaleup').detail).toBe(
      'Scaleup plan: Up to 50 people, updated every 2 minutes',
    );
    expect(activationText('free_abc', free, 'Free')).toEqual({
      headline: 'Your Free plan is active',
      detail: 'Up to 5 people, updated every 10 minutes. Demo data does not count towards it.',
    });
    expect(activationText('free_abc', undefined, 'Free')).toEqual({
      headline: 'Your Free plan is active',
      detail: null,
    });
    expect(activationText('cs_test_abc', { ...trialing, currentPlan: 'free' }, 'Free').headline).toBe(
      'Setting up your subscription...',
    );
  });
});
