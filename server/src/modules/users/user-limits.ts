import { sql } from 'drizzle-orm';
import { upgradeRequired } from '../../core/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { lockAccountLimits } from '../../engine/account-limits.ts';

/** The operator's feature flag that gives Team Management to an account whose plan lacks it. */
export const TEAMS_FEATURE = 'teams';

async function countUsers(tx: DbOrTx, accountId: string, role?: 'manager') {
  const result = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from users
     where account_id = ${accountId} and role <> 'disabled' ${role ? sql`and role = ${role}` : sql``}`);
  return result.rows[0]?.n ?? 0;
}

/**
 * One more user (an invitation, or a disabled user enabled again) must fit the plan's user limit:
 * free 1, startup 15, scaleup 50, business 100. Pending invitations count; disabled users do not.
 * Locks the account row, so two invitations cannot both take the last place.
 */
export async function assertRoomForUser(tx: DbOrTx, accountId: string): Promise<void> {
  const limits = await lockAccountLimits(tx, accountId);
  if (limits.maxUsers > 0 && (await countUsers(tx, accountId)) >= limits.maxUsers) {
    const n = limits.maxUsers;
    throw upgradeRequired(`${limits.plan.name} plan allows only ${n} user${n === 1 ? '' : 's'}`);
  }
}

/**
 * Team Management (scaleup and business, or the operator's `teams` flag) is what lets an account
 * have more than one manager: inviting or promoting a second manager needs it. Managers an account
 * already has keep their role after a downgrade.
 */
export async function assertRoomForManager(tx: DbOrTx, accountId: string): Promise<void> {
  const limits = await lockAccountLimits(tx, accountId);
  if (limits.plan.teamManagement) return;
  const flags = await tx.execute<{ enabled: boolean }>(
    sql`select ${TEAMS_FEATURE} = any(features) as enabled from accounts where id = ${accountId}`,
  );
  if (flags.rows[0]?.enabled) return;
  if ((await countUsers(tx, accountId, 'manager')) >= 1) {
    throw upgradeRequired(
      `${limits.plan.name} plan allows only 1 manager. Team Management comes with the Scaleup and Business plans.`,
    );
  }
}
