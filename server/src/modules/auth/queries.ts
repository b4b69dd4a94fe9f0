import type { SessionUser } from '@overlap/contract/auth';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { users } from '../../db/schema/users.ts';

/** The user with this address (case-insensitive) and their account, or null. */
export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ user: users, account: accounts })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function findSessionUser(db: DbOrTx, userId: string): Promise<SessionUser> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      accountId: accounts.id,
      accountName: accounts.name,
      accountStatus: accounts.status,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new Error(`user ${userId} vanished`);
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    accountId: row.accountId,
    account: { id: row.accountId, name: row.accountName, status: row.accountStatus },
  };
}

/** Marks a pending account active (first password set by its founder). */
export async function activateAccountIfPending(db: DbOrTx, accountId: string): Promise<void> {
  await db
    .update(accounts)
    .set({ status: 'active', activatedAt: new Date(), updatedAt: new Date() })
    .where(sql`${accounts.id} = ${accountId} and ${accounts.status} = 'pending'`);
}
