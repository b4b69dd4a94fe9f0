import type { Plan } from '@overlap/contract/plans';
import { describe, expect, it } from 'vitest';
import { comparisonRows, integrationLimitText, retentionText } from './comparison';
import { countdown, ringState } from './polling-ring';
import { bestYearlySaving, planPrice, priceAndCycle } from './pricing';
import { paidIntervalRange, startButtonLabel } from './upgrade-choice';

const plan = (values: Partial<Plan>): Plan =>
  ({
    id: 'startup',
    name: 'Startup',
    monthlyPrice: 29,
    yearlyPrice: 290,
    peopleLimit: 12,
    trackingInterval: 5,
    integrationLimit: 2,
    dataRetention: '3 months',
    retentionDays: 92,
    supportLevel: 'Email',
    teamManagement: false,
    customIntegrationLimit: 0,
    comingSoon: [],
    ...values,
  }) as Plan;

describe('plan prices', () => {
  it('shows the monthly price, or the yearly price / 12 with the billed amount and the real saving', () => {
    expect(planPrice(plan({}), 'monthly')).toEqual({ perMonth: '$29', billed: null, saving: null });
    expect(planPrice(plan({}), 'yearly')).toEqual({
      perMonth: '$24',
      billed: 'Billed annually at $290',
      saving: 'Save 17%',
    });
    expect(planPrice(plan({ monthlyPrice: 99, yearlyPrice: 990 }), 'yearly').perMonth).toBe('$83');
    expect(planPrice(plan({ monthlyPrice: 199, yearlyPrice: 1990 }), 'yearly')).toEqual({
      perMonth: '$166',
      billed: 'Billed annually at $1,990',
      saving: 'Save 17%',
    });
    expect(planPrice(plan({ monthlyPrice: 0, yearlyPrice: 0 }), 'yearly')).toEqual({
      perMonth: '$0',
      billed: null,
      saving: null,
    });
    expect(bestYearlySaving([plan({}), plan({ monthlyPrice: 0, yearlyPrice: 0 })])).toBe(17);
    expect(priceAndCycle(plan({}), 'yearly')).toBe('$290 / year');
    expect(priceAndCycle(plan({ id: 'free' }), null)).toBe('$0 / month');
  });
});

describe('plan comparison', () => {
  it('reads limits as the spec says and never sells an unbuilt feature', () => {
    const free = plan({
      id: 'free',
      peopleLimit: 5,
      trackingInterval: 10,
      integrationLimit: 1,
      retentionDays: 7,
      dataRetention: '7 days',
      supportLevel: 'Community',
    });
    const business = plan({
      id: 'business',
      integrationLimit: -1,
      retentionDays: null,
      dataRetention: 'Unlimited',
      teamManagement: true,
      customIntegrationLimit: 1,
      comingSoon: ['SSO', 'Custom Data Backups'],
    });
    const rows = comparisonRows([free, business]);
    expect(rows.map((r) => r.label)).toEqual([
      'People Limit',
      'Tracking Interval (min)',
      'Integrations',
      'Data Retention',
      'Support Level',
      'Team Management',
      'Custom integrations',
      'SSO',
      'Custom Data Backups',
    ]);
    const cells = Object.fromEntries(rows.map((r) => [r.label, r.cells]));
    expect(cells.Integrations).toEqual([
      { kind: 'text', text: '1 integration (presence only)' },
      { kind: 'text', text: 'Unlimited' },
    ]);
    expect(cells['Data Retention']).toEqual([
      { kind: 'text', text: '7 days of history' },
      { kind: 'text', text: 'Unlimited' },
    ]);
    expect(cells['Team Management']).toEqual([{ kind: 'excluded' }, { kind: 'included' }]);
    expect(cells['Custom integrations']).toEqual([
      { kind: 'excluded' },
      { kind: 'text', text: '1 custom integration' },
    ]);
    expect(cells.SSO).toEqual([{ kind: 'excluded' }, { kind: 'coming-soon' }]);
    expect(integrationLimitText(2)).toBe('2 integrations (presence only)');
    expect(retentionText(plan({}))).toBe('3 months');
  });
});

describe('polling ring', () => {
  const t0 = Date.parse('2026-03-10T12:00:00Z');
  it('fills over the interval up to the next scheduled refresh', () => {
    const next = new Date(t0 + 4 * 60_000).toISOString();
    expect(ringState(t0, 10, next)).toEqual({ fraction: 0.6, secondsLeft: 240 });
    expect(ringState(t0 + 240_000, 10, next)).toEqual({ fraction: 1, secondsLeft: 0 });
    expect(ringState(t0 + 300_000, 10, next)).toEqual({ fraction: 1, secondsLeft: 0 });
  });

  it('without a scheduled refresh follows the clock, every interval past the hour', () => {
    expect(ringState(t0 + 2.5 * 60_000, 10, null)).toEqual({ fraction: 0.25, secondsLeft: 450 });
    expect(countdown(450)).toBe('7:30');
    expect(countdown(5)).toBe('0:05');
  });
});

describe('upgrade choice', () => {
  const billing = (status: string | null, trialEndsAt: string | null = null) =>
    ({ trialEndsAt, stripe: { subscriptionStatus: status } }) as never;
  it('offers the trial only for a paid choice, and says what else a paid choice does', () => {
    expect(startButtonLabel(undefined, billing(null))).toBeNull();
    expect(startButtonLabel({ id: 'free', name: 'Free' }, billing(null))).toBeNull();
    expect(startButtonLabel({ id: 'scaleup', name: 'Scaleup' }, billing(null))).toBe('Start 7-Day Trial');
    expect(startButtonLabel({ id: 'scaleup', name: 'Scaleup' }, billing('canceled', '2026-01-01T00:00:00Z'))).toBe(
      'Subscribe to Scaleup',
    );
    expect(startButtonLabel({ id: 'business', name: 'Business' }, billing('trialing', '2026-01-01T00:00:00Z'))).toBe(
      'Switch to Business',
    );
  });

  it("names the paid plans' refresh intervals", () => {
    const plans = [
      { id: 'free', trackingInterval: 10 },
      { id: 'startup', trackingInterval: 5 },
      { id: 'scaleup', trackingInterval: 2 },
    ] as never[];
    expect(paidIntervalRange(plans)).toBe('2 to 5');
    expect(paidIntervalRange([{ id: 'startup', trackingInterval: 5 }] as never[])).toBe('5');
  });
});
