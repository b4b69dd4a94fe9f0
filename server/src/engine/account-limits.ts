import { sql } from 'drizzle-orm';
import { notFound } from '../core/errors.ts';
import { type AccountLimitSettings, effectiveLimits } from '../core/plans.ts';
import type { DbOrTx } from '../db/client.ts';
import { accounts } from '../db/schema/accounts.ts';

/** The account columns the limits are read from, for a Drizzle select. */
export const accountLimitColumns = {
  plan: accounts.plan,
  maxPeople: accounts.maxPeople,
  maxIntegrations: accounts.maxIntegrations,
  integrationInterval: accounts.integrationInterval,
};

/** The same columns in a raw statement where `a` is the accounts row. */
export const accountLimitSql = sql.raw('a.plan, a.max_people, a.max_integrations, a.integration_interval');

/** A raw row carrying `accountLimitSql`. */
export type AccountLimitRow = {
  plan: string;
  max_people: number | null;
  max_integrations: number | null;
  integration_interval: number | null;
};

export function limitSettingsOf(row: AccountLimitRow): AccountLimitSettings {
  return {
    plan: row.plan,
    maxPeople: row.max_people,
    maxIntegrations: row.max_integrations,
    integrationInterval: row.integration_interval,
  };
}

/**
 * Locks the account row for the rest of the transaction (checks against a limit are serialised by
 * it) and answers the limits in force: operator overrides over the plan's values.
 */
export async function lockAccountLimits(tx: DbOrTx, accountId: string) {
  const result = await tx.execute<AccountLimitRow>(sql`
    select ${accountLimitSql} from accounts a where a.id = ${accountId} for update`);
  const row = result.rows[0];
  if (!row) throw notFound('Account');
  return effectiveLimits(limitSettingsOf(row));
}
