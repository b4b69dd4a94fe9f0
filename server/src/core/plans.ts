import type { Plan, PlanId } from '@overlap/contract/plans';

/** The plan catalogue (spec 001 §9, reading A). Every area reads limits from here. */
export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Free',
    description: 'See when your team is online, refreshed every 10 minutes.',
    monthlyPrice: 0,
    yearlyPrice: 0,
    peopleLimit: 5,
    userLimit: 1,
    trackingInterval: 10,
    integrationLimit: 1,
    dataRetention: '7 days',
    retentionDays: 7,
    color: 'zinc',
    supportLevel: 'Community',
    active: true,
    badge: null,
    features: ['Presence tracking only', '1 week history'],
    teamManagement: false,
    customIntegrationLimit: 0,
    comingSoon: [],
    stripePriceIds: { production: { monthly: null, yearly: null }, development: { monthly: null, yearly: null } },
  },
  startup: {
    id: 'startup',
    name: 'Startup',
    description: 'For small teams working across timezones.',
    monthlyPrice: 29,
    yearlyPrice: 290,
    peopleLimit: 12,
    userLimit: 15,
    trackingInterval: 5,
    integrationLimit: 2,
    dataRetention: '3 months',
    retentionDays: 92,
    color: 'sky',
    supportLevel: 'Email',
    active: true,
    badge: null,
    features: ['5-minute updates', '3 months history', 'Weekly and yearly calendars'],
    teamManagement: false,
    customIntegrationLimit: 0,
    comingSoon: [],
    stripePriceIds: {
      production: { monthly: 'price_startup_monthly', yearly: 'price_startup_yearly' },
      development: { monthly: 'price_test_startup_monthly', yearly: 'price_test_startup_yearly' },
    },
  },
  scaleup: {
    id: 'scaleup',
    name: 'Scaleup',
    description: 'For growing teams that live in several tools.',
    monthlyPrice: 99,
    yearlyPrice: 990,
    peopleLimit: 50,
    userLimit: 50,
    trackingInterval: 2,
    integrationLimit: -1,
    dataRetention: 'Unlimited',
    retentionDays: null,
    color: 'indigo',
    supportLevel: 'Priority',
    active: true,
    badge: 'Best Value',
    features: ['2-minute updates', 'Unlimited integrations', 'Team Management', 'Priority support'],
    teamManagement: true,
    customIntegrationLimit: 0,
    comingSoon: [],
    stripePriceIds: {
      production: { monthly: 'price_scaleup_monthly', yearly: 'price_scaleup_yearly' },
      development: { monthly: 'price_test_scaleup_monthly', yearly: 'price_test_scaleup_yearly' },
    },
  },
  business: {
    id: 'business',
    name: 'Business',
    description: 'For organisations that bring their own data sources.',
    monthlyPrice: 199,
    yearlyPrice: 1990,
    peopleLimit: 100,
    userLimit: 100,
    trackingInterval: 2,
    integrationLimit: -1,
    dataRetention: 'Unlimited',
    retentionDays: null,
    color: 'violet',
    supportLevel: 'Dedicated',
    active: true,
    badge: null,
    features: ['2-minute updates', 'Team Management', '1 custom integration', 'Dedicated support'],
    teamManagement: true,
    customIntegrationLimit: 1,
    comingSoon: ['SSO', 'Custom Data Backups'],
    stripePriceIds: {
      production: { monthly: 'price_business_monthly', yearly: 'price_business_yearly' },
      development: { monthly: 'price_test_business_monthly', yearly: 'price_test_business_yearly' },
    },
  },
};

export const DEFAULT_PLAN: PlanId = 'free';

export function planOf(id: string | null | undefined): Plan {
  return PLANS[(id ?? DEFAULT_PLAN) as PlanId] ?? PLANS.free;
}

/** An account's plan and the operator's overrides of its limits (null: the plan's value). */
export interface AccountLimitSettings {
  plan: string;
  maxPeople: number | null;
  maxIntegrations: number | null;
  integrationInterval: number | null;
}

/** The limits in force for an account: operator overrides win over the plan's values. */
export function effectiveLimits(account: AccountLimitSettings) {
  const p = planOf(account.plan);
  return {
    plan: p,
    maxPeople: account.maxPeople ?? p.peopleLimit,
    maxIntegrations: account.maxIntegrations ?? p.integrationLimit,
    maxUsers: p.userLimit,
    integrationInterval: account.integrationInterval ?? p.trackingInterval,
    retentionDays: p.retentionDays,
  };
}

/** The operator's feature flag that lifts the custom-integration cap of an account's plan. */
export const CUSTOM_INTEGRATIONS_FEATURE = 'custom-integrations';

/**
 * How many custom (API key) integrations an account may have: the plan's number (Business 1, the
 * others none), or -1 (no cap of its own; the integration limit still applies) with the operator's
 * `custom-integrations` flag.
 */
export function customIntegrationAllowance(plan: Plan, features: readonly string[]): number {
  return features.includes(CUSTOM_INTEGRATIONS_FEATURE) ? -1 : plan.customIntegrationLimit;
}
