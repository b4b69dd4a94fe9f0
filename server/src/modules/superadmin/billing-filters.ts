import { type BillingFilter, HIGH_USAGE_RATIO, NEW_ACCOUNT_DAYS } from '@overlap/contract/superadmin';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Reading B's plan names of the operator console mapped onto the catalogue's plans by rank
 * (docs/decisions.md): basic = startup, business = scaleup, enterprise = business.
 */
export const PLAN_OF_FILTER = {
  'basic-plans': 'startup',
  'business-plans': 'scaleup',
  'enterprise-plans': 'business',
} as const;

const PAID_PLANS = Object.values(PLAN_OF_FILTER);

/**
 * Each tile's rule (spec 001 §4) as a condition on the operator rows (`b`: an account with its
 * counts and effective limits), evaluated at `now`.
 */
export function billingFilterSql(filter: BillingFilter, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  switch (filter) {
    case 'active-subscriptions':
      return sql`b.stripe_subscription_status = 'active'`;
    case 'trial-accounts':
      return sql`b.trial_ends_at > ${at}`;
    case 'expired-trials':
      return sql`(b.trial_ends_at <= ${at} and b.stripe_subscription_status is null)`;
    case 'new-this-month':
      return sql`b.created_at > ${at} - make_interval(days => ${NEW_ACCOUNT_DAYS})`;
    case 'basic-plans':
    case 'business-plans':
    case 'enterprise-plans':
      return sql`b.plan = ${PLAN_OF_FILTER[filter]}`;
    case 'free-plans':
      return sql`(b.plan is null or b.plan not in (${sql.join(
        PAID_PLANS.map((p) => sql`${p}`),
        sql`, `,
      )}))`;
    case 'canceling-soon':
      return sql`b.cancel_at_period_end`;
    case 'payment-issues':
      return sql`(b.stripe_subscription_status is not null and b.stripe_subscription_status not in ('active', 'trialing'))`;
    case 'high-usage':
      return sql`((b.max_people > 0 and b.people_count > ${HIGH_USAGE_RATIO}::float8 * b.max_people)
               or (b.max_integrations > 0 and b.integrations_count > ${HIGH_USAGE_RATIO}::float8 * b.max_integrations))`;
  }
}
