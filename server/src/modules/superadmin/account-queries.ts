import type { SignupData } from '@overlap/contract/account';
import type { AccountStatus } from '@overlap/contract/auth';
import {
  type AccountCounts,
  type BillingFilter,
  billingFilters,
  type OperatorAccount,
} from '@overlap/contract/superadmin';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { billingFilterSql } from './billing-filters.ts';
import { planValueSql } from './plan-sql.ts';

/** An account with its counts, its limits in force and its admin user (the oldest manager). */
const operatorRows = sql`
  select a.id, a.name, a.slug, a.status, a.created_at, a.activated_at, a.terminated_at, a.plan,
         a.trial_ends_at, a.cancel_at_period_end, a.stripe_customer_id, a.stripe_subscription_id,
         a.stripe_price_id, a.stripe_current_period_end, a.stripe_subscription_status, a.features,
         a.signup_data,
         coalesce(u.n, 0) as users_count,
         coalesce(p.active, 0) as people_count,
         coalesce(p.unassigned, 0) as unassigned_count,
         coalesce(i.n, 0) as integrations_count,
         coalesce(a.max_people, ${planValueSql(sql`a.plan`, 'peopleLimit')}) as max_people,
         coalesce(a.max_integrations, ${planValueSql(sql`a.plan`, 'integrationLimit')}) as max_integrations,
         coalesce(a.integration_interval, ${planValueSql(sql`a.plan`, 'trackingInterval')}) as integration_interval,
         adm.id as admin_id, adm.email as admin_email, adm.created_at as admin_created_at
    from accounts a
    left join lateral (select count(*)::int as n from users where account_id = a.id) u on true
    left join lateral (
      select (count(*) filter (where status = 'active'))::int as active,
             (count(*) filter (where status = 'unassigned'))::int as unassigned
        from people where account_id = a.id) p on true
    left join lateral (
      select count(*)::int as n from integrations where account_id = a.id and archived_at is null) i on true
    left join lateral (
      select id, email, created_at from users
       where account_id = a.id and role = 'manager'
       order by email_verified_at is null, created_at, id
       limit 1) adm on true`;

interface OperatorRow extends Record<string, unknown> {
  id: string;
  name: string;
  slug: string;
  status: AccountStatus;
  created_at: Date;
  activated_at: Date | null;
  terminated_at: Date | null;
  plan: string;
  trial_ends_at: Date | null;
  cancel_at_period_end: boolean;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  stripe_price_id: string | null;
  stripe_current_period_end: Date | null;
  stripe_subscription_status: string | null;
  features: string[];
  signup_data: SignupData;
  users_count: number;
  people_count: number;
  unassigned_count: number;
  integrations_count: number;
  max_people: number;
  max_integrations: number;
  integration_interval: number;
  admin_id: string | null;
  admin_email: string | null;
  admin_created_at: Date | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
/** 0 or less means "no limit" everywhere limits are checked; the operator view calls that null. */
const limitOrNull = (n: number) => (n > 0 ? n : null);

function toOperatorAccount(r: OperatorRow): OperatorAccount {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    activatedAt: iso(r.activated_at),
    terminatedAt: iso(r.terminated_at),
    usersCount: r.users_count,
    userCount: r.users_count,
    peopleCount: r.people_count,
    unassignedPeopleCount: r.unassigned_count,
    integrationsCount: r.integrations_count,
    integrationCount: r.integrations_count,
    maxPeople: limitOrNull(r.max_people),
    maxIntegrations: limitOrNull(r.max_integrations),
    integrationInterval: r.integration_interval,
    currentPlan: r.plan,
    trialEndsAt: iso(r.trial_ends_at),
    cancelAtPeriodEnd: r.cancel_at_period_end,
    stripeCustomerId: r.stripe_customer_id,
    stripeSubscriptionId: r.stripe_subscription_id,
    stripePriceId: r.stripe_price_id,
    stripeCurrentPeriodEnd: iso(r.stripe_current_period_end),
    stripeSubscriptionStatus: r.stripe_subscription_status,
    adminUser:
      r.admin_id && r.admin_email && r.admin_created_at
        ? { id: r.admin_id, email: r.admin_email, createdAt: new Date(r.admin_created_at).toISOString() }
        : null,
    features: r.features,
    signupData: r.signup_data ?? null,
  };
}

export interface AccountListInput {
  limit: number;
  offset: number;
  status?: AccountStatus;
  billingFilter?: BillingFilter;
  search?: string;
  now: Date;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of accounts, newest first, with every condition (status, tile, search) applied in SQL. */
export async function listOperatorAccounts(
  db: DbOrTx,
  input: AccountListInput,
): Promise<{ accounts: OperatorAccount[]; total: number }> {
  const conditions: SQL[] = [sql`true`];
  if (input.status) conditions.push(sql`b.status = ${input.status}`);
  if (input.billingFilter) conditions.push(billingFilterSql(input.billingFilter, input.now));
  if (input.search) {
    const pattern = likePattern(input.search);
    conditions.push(sql`(b.name ilike ${pattern} or b.admin_email ilike ${pattern})`);
  }
  const result = await db.execute<OperatorRow & { total: number }>(sql`
    select b.*, count(*) over ()::int as total
      from (${operatorRows}) b
     where ${sql.join(conditions, sql` and `)}
     order by b.created_at desc, b.id
     limit ${input.limit} offset ${input.offset}`);
  let total = result.rows[0]?.total;
  if (total === undefined) {
    const counted = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from (${operatorRows}) b where ${sql.join(conditions, sql` and `)}`);
    total = counted.rows[0]?.n ?? 0;
  }
  return { accounts: result.rows.map(toOperatorAccount), total };
}

/** How many accounts each tile's filter matches, over all accounts. */
export async function countAccountsByFilter(db: DbOrTx, now: Date): Promise<AccountCounts> {
  const columns = billingFilters.map(
    (f) => sql`(count(*) filter (where ${billingFilterSql(f, now)}))::int as ${sql.identifier(f)}`,
  );
  const result = await db.execute<AccountCounts>(sql`select ${sql.join(columns, sql`, `)} from (${operatorRows}) b`);
  const row = result.rows[0];
  return Object.fromEntries(billingFilters.map((f) => [f, row?.[f] ?? 0])) as AccountCounts;
}

export async function findOperatorAccount(db: DbOrTx, id: string): Promise<OperatorAccount | null> {
  const result = await db.execute<OperatorRow>(sql`select b.* from (${operatorRows}) b where b.id = ${id}`);
  const row = result.rows[0];
  return row ? toOperatorAccount(row) : null;
}
