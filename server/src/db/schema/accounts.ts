import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export type AccountStatus = 'pending' | 'active' | 'suspended' | 'terminated';
/** Why an account is suspended: 'payment' is lifted by a paid invoice, 'operator' only by an operator. */
export type SuspensionReason = 'payment' | 'operator';

export interface SignupData {
  signupSource: 'web_form' | 'api' | 'seed';
  signupIp?: string | null;
  userAgent?: string | null;
  details?: { message?: string; selectedIntegrations?: string[] };
  requestedIntegrations?: string[];
  survey?: Survey;
}

export interface Survey {
  teamName?: string;
  companySize?: string;
  tools?: string[];
  otherTools?: string[];
  problemStatement?: string;
  completedAt?: string | null;
}

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    status: text('status').$type<AccountStatus>().notNull().default('pending'),
    /** Plan id from the plan catalogue (server/src/modules/billing/plans.ts). */
    plan: text('plan').notNull().default('free'),
    billingCycle: text('billing_cycle').$type<'monthly' | 'yearly'>(),
    /** Operator overrides of the plan's limits; null means "take the plan's value". */
    maxPeople: integer('max_people'),
    maxIntegrations: integer('max_integrations'),
    integrationInterval: integer('integration_interval'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    stripePriceId: text('stripe_price_id'),
    stripeSubscriptionStatus: text('stripe_subscription_status'),
    stripeCurrentPeriodEnd: timestamp('stripe_current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When a payment of the subscription first failed; the grace period runs from here. */
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason').$type<SuspensionReason>(),
    features: text('features').array().notNull().default(sql`'{}'::text[]`),
    signupData: jsonb('signup_data').$type<SignupData>(),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    onboardingNextAction: text('onboarding_next_action').$type<'onboarding' | 'none'>().notNull().default('onboarding'),
    onboardingCompletedAt: timestamp('onboarding_completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    terminatedAt: timestamp('terminated_at', { withTimezone: true }),
  },
  (t) => [
    index('accounts_status_idx').on(t.status),
    index('accounts_created_idx').on(t.createdAt),
    // One payment-provider customer per account; webhooks find the account by it.
    uniqueIndex('accounts_stripe_customer_idx').on(t.stripeCustomerId),
    index('accounts_payment_failed_idx').on(t.paymentFailedAt).where(sql`${t.paymentFailedAt} is not null`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    actorUserId: uuid('actor_user_id'),
    impersonatorUserId: uuid('impersonator_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_account_idx').on(t.accountId, t.createdAt)],
);
