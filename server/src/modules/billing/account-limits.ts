import { sql } from 'drizzle-orm';
import { notFound } from '../../core/errors.ts';
import { effectiveLimits } from '../../core/plans.ts';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Locks the account row for the rest of the transaction (checks against a limit are serialised by
 * it) and answers the limits in force: operator overrides over the plan's values.
 */
export async function lockAccountLimits(tx: DbOrTx, accountId: string) {
  const result = await tx.execute<{
    plan: string;
    max_people: number | null;
    max_integrations: number | null;
    integration_interval: number | null;
  }>(sql`
    select plan, max_people, max_integrations, integration_interval from accounts where id = ${accountId} for update`);
  const row = result.rows[0];
  if (!row) throw notFound('Account');
  return effectiveLimits({
    plan: row.plan,
    maxPeople: row.max_people,
    maxIntegrations: row.max_integrations,
    integrationInterval: row.integration_interval,
  });
}
