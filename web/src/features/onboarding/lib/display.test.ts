import type { Plan } from '@overlap/contract/plans';
import { describe, expect, it } from 'vitest';
import { integrationsLimit, monthlyPrice, offeredPlans, peopleLimit, startLabel } from './plan-display';
import { DASHBOARD_BUTTON_AFTER_MS, REDIRECT_AFTER_MS, REDIRECTING_FOR_MS, sessionIdPreview } from './success-timing';

describe('plan display', () => {
  it('shows prices and limits', () => {
    expect(monthlyPrice({ monthlyPrice: 0 })).toBe('$0');
    expect(monthlyPrice({ monthlyPrice: 29 })).toBe('$29');
    expect(integrationsLimit(-1)).toBe('Unlimited integrations');
    expect(integrationsLimit(1)).toBe('1 integration');
    expect(integrationsLimit(2)).toBe('2 integrations');
    expect(peopleLimit(12)).toBe('Up to 12 people');
  });

  it('labels the start button by plan', () => {
    expect(startLabel(undefined)).toBe('Choose a plan');
    expect(startLabel({ id: 'free', name: 'Free' })).toBe('Start with Free');
    expect(startLabel({ id: 'startup', name: 'Startup' })).toBe('Start 7-Day Trial');
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
