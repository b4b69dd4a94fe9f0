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
  },
  business: {
    id: 'business',
    name: 'Business',
    description: 'For organisations that need custom sources and SSO.',
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
    features: ['Team Management', 'Custom integrations', 'SSO', 'Custom Data Backups', 'Dedicated support'],
  },
};

export const DEFAULT_PLAN: PlanId = 'free';
export const TRIAL_DAYS = 7;

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
