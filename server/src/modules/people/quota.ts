import { sql } from 'drizzle-orm';
import { AppError } from '../../core/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { lockAccountLimits } from '../../engine/account-limits.ts';

export interface PeopleQuota {
  maxPeople: number;
  activeCount: number;
}

/**
 * Locks the account row for the rest of the transaction (activations are serialised by it) and
 * reads the account's maxPeople and current number of active people (demo people are outside the limit).
 */
export async function lockPeopleQuota(tx: DbOrTx, accountId: string): Promise<PeopleQuota> {
  const { maxPeople } = await lockAccountLimits(tx, accountId);
  const active = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from people where account_id = ${accountId} and status = 'active' and not is_demo`,
  );
  return { maxPeople, activeCount: active.rows[0]?.n ?? 0 };
}

/** Refuses one more active person when the account is at maxPeople (and maxPeople is above 0). */
export function assertRoomForActivePerson({ maxPeople, activeCount }: PeopleQuota): void {
  if (maxPeople > 0 && activeCount >= maxPeople) {
    throw new AppError(
      409,
      'PLAN_LIMIT',
      `Your plan allows ${maxPeople} active people. Upgrade your plan or ignore someone first.`,
    );
  }
}
