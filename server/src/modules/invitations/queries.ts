import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { invitations, users } from '../../db/schema/users.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A new random invitation token: only its hash is stored. */
export function newInvitationToken(now = new Date()) {
  const token = randomToken();
  return { token, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) };
}

/** The open (unaccepted, unexpired) invitation behind a token, with its account and user. */
export async function findOpenInvitation(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ invitation: invitations, accountName: accounts.name, user: users })
    .from(invitations)
    .innerJoin(accounts, eq(accounts.id, invitations.accountId))
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(
      and(
        eq(invitations.tokenHash, sha256(token)),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, new Date()),
        isNull(users.emailVerifiedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}
