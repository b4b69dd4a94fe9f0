import { type AccountUser, RESEND_COOLDOWN_SECONDS } from '@overlap/contract/users';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { invitations, users } from '../../db/schema/users.ts';

const row = {
  user: users,
  invitationExpiresAt: invitations.expiresAt,
  invitationLastSentAt: invitations.lastSentAt,
};

type Row = { user: typeof users.$inferSelect; invitationExpiresAt: Date | null; invitationLastSentAt: Date | null };

function toAccountUser(r: Row): AccountUser {
  const pending = r.user.emailVerifiedAt === null;
  const lastSent = r.invitationLastSentAt;
  return {
    id: r.user.id,
    email: r.user.email,
    role: r.user.role,
    emailVerifiedAt: r.user.emailVerifiedAt?.toISOString() ?? null,
    lastLogin: r.user.lastLogin?.toISOString() ?? null,
    createdAt: r.user.createdAt.toISOString(),
    updatedAt: r.user.updatedAt.toISOString(),
    invitation:
      pending && r.invitationExpiresAt && lastSent
        ? { expiresAt: r.invitationExpiresAt.toISOString(), lastSentAt: lastSent.toISOString() }
        : null,
    canResendAt:
      pending && lastSent ? new Date(lastSent.getTime() + RESEND_COOLDOWN_SECONDS * 1000).toISOString() : null,
  };
}

const joinOpenInvitation = and(eq(invitations.userId, users.id), isNull(invitations.acceptedAt));

export async function listAccountUsers(db: DbOrTx, accountId: string): Promise<AccountUser[]> {
  const rows = await db
    .select(row)
    .from(users)
    .leftJoin(invitations, joinOpenInvitation)
    .where(eq(users.accountId, accountId))
    .orderBy(asc(users.createdAt), asc(users.email));
  return rows.map(toAccountUser);
}

/** One user of the account (with their open invitation), or null, so other accounts' ids look missing. */
export async function findAccountUser(db: DbOrTx, accountId: string, userId: string): Promise<AccountUser | null> {
  const [found] = await db
    .select(row)
    .from(users)
    .leftJoin(invitations, joinOpenInvitation)
    .where(and(eq(users.accountId, accountId), eq(users.id, userId)))
    .limit(1);
  return found ? toAccountUser(found) : null;
}

/**
 * Active managers of the account other than `exceptUserId`. Every manager row is locked until the
 * transaction ends, so two managers demoting each other at once cannot leave the account without one.
 */
export async function countOtherActiveManagers(db: DbOrTx, accountId: string, exceptUserId: string): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.role, 'manager'), sql`${users.emailVerifiedAt} is not null`))
    .for('update');
  return rows.filter((r) => r.id !== exceptUserId).length;
}

/** The user of an address (any account) and the account it belongs to. */
export async function findUserAccountByEmail(
  db: DbOrTx,
  email: string,
): Promise<{ id: string; accountId: string } | null> {
  const [found] = await db
    .select({ id: users.id, accountId: users.accountId })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return found ?? null;
}
