import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

export type BillingCycle = 'monthly' | 'yearly';

/** Stripe events already applied, by event id: a redelivered event changes nothing. */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_events_received_idx').on(t.receivedAt)],
);

/**
 * The built-in test-mode checkout (no STRIPE_SECRET_KEY): a session the local checkout page
 * completes, like a Stripe Checkout Session.
 */
export const localCheckoutSessions = pgTable(
  'local_checkout_sessions',
  {
    id: text('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    billingCycle: text('billing_cycle').$type<BillingCycle>().notNull(),
    trialDays: integer('trial_days'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    status: text('status').$type<'open' | 'complete' | 'expired'>().notNull().default('open'),
    subscriptionId: text('subscription_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('local_checkout_sessions_account_idx').on(t.accountId)],
);

/** Subscriptions of the built-in test-mode billing, with the test card that pays them. */
export const localSubscriptions = pgTable(
  'local_subscriptions',
  {
    id: text('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    plan: text('plan').notNull(),
    billingCycle: text('billing_cycle').$type<BillingCycle>().notNull(),
    status: text('status').notNull(),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    /** The test card declines every charge after it was attached (Stripe's 4000 0000 0000 0341). */
    cardDeclines: boolean('card_declines').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('local_subscriptions_account_idx').on(t.accountId, t.createdAt),
    index('local_subscriptions_customer_idx').on(t.customerId),
    index('local_subscriptions_due_idx').on(t.currentPeriodEnd).where(sql`${t.status} in ('trialing', 'active')`),
  ],
);
