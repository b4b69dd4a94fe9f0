import { sql } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { effectiveLimits } from '../core/plans.ts';
import type { DbOrTx } from '../db/client.ts';

/** At least this many unassigned identities, whatever the plan. */
export const MIN_UNASSIGNED_CAP = 100;
/** Unassigned identities an account may hold per person its plan allows. */
export const UNASSIGNED_PER_PERSON = 10;

export function unassignedCap(maxPeople: number): number | null {
  if (maxPeople <= 0) return null;
  return Math.max(MIN_UNASSIGNED_CAP, UNASSIGNED_PER_PERSON * maxPeople);
}

/**
 * Refuses (403 UNASSIGNED_LIMIT) a batch that would create more unassigned people than the account
 * may hold: 10 times its people limit, at least 100. Checked before anything is written, so a
 * refused push stores nothing. Concurrent creations for one account wait for each other (an
 * advisory lock to the end of the transaction), so the cap holds under parallel pushes.
 */
export async function assertRoomForUnassigned(tx: DbOrTx, accountId: string, creating: number): Promise<void> {
  if (creating <= 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`unassigned:${accountId}`}))`);
  const result = await tx.execute<{
    plan: string;
    max_people: number | null;
    max_integrations: number | null;
    integration_interval: number | null;
    unassigned: number;
  }>(sql`
    select a.plan, a.max_people, a.max_integrations, a.integration_interval,
           (select count(*)::int from people p where p.account_id = a.id and p.status = 'unassigned') as unassigned
      from accounts a where a.id = ${accountId}`);
  const row = result.rows[0];
  if (!row) return;
  const limits = effectiveLimits({
    plan: row.plan,
    maxPeople: row.max_people,
    maxIntegrations: row.max_integrations,
    integrationInterval: row.integration_interval,
  });
  const cap = unassignedCap(limits.maxPeople);
  if (cap !== null && row.unassigned + creating > cap) {
    throw new AppError(
      403,
      'UNASSIGNED_LIMIT',
      `This account has ${row.unassigned} unassigned people and may hold at most ${cap} (10 times the ` +
        `${limits.plan.name} plan's ${limits.maxPeople} people); this batch would add ${creating}. Assign or ` +
        'ignore unassigned people, or upgrade the plan, before new people can be added. Nothing was stored.',
    );
  }
}
