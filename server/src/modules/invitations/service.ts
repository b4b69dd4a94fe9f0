import type { AcceptInvitationResult, InvitationInfo } from '@overlap/contract/users';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { auditLog } from '../../db/schema/accounts.ts';
import { invitations, users } from '../../db/schema/users.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { RequestMeta } from '../auth/meta.ts';
import { findSessionUser } from '../auth/queries.ts';
import { createSession, revokeSession } from '../auth/session.ts';
import { findOpenInvitation } from './queries.ts';

export const invalidInvitation = () =>
  new AppError(404, 'INVITATION_INVALID', 'This invitation is invalid, has expired or was already used.', {
    error: 'Invalid invitation',
  });

export async function getInvitation(deps: AppDeps, token: string): Promise<InvitationInfo> {
  const found = await findOpenInvitation(deps.database.db, token);
  if (!found) throw invalidInvitation();
  return {
    email: found.invitation.email,
    accountName: found.accountName,
    role: found.invitation.role,
    expiresAt: found.invitation.expiresAt.toISOString(),
  };
}

/** Sets the invitee's password, marks the address verified and signs them in (a new session). */
export async function acceptInvitation(
  meta: RequestMeta,
  token: string,
  password: string,
): Promise<{ result: AcceptInvitationResult; sessionToken: string }> {
  const { db } = meta.deps.database;
  const found = await findOpenInvitation(db, token);
  if (!found) throw invalidInvitation();
  const passwordHash = await hashPassword(password);
  const sessionToken = await db.transaction(async (tx) => {
    const now = new Date();
    const claimed = await tx
      .update(invitations)
      .set({ acceptedAt: now })
      .where(and(eq(invitations.id, found.invitation.id), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id });
    if (claimed.length === 0) throw invalidInvitation();
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: now, lastLogin: now, updatedAt: now })
      .where(eq(users.id, found.user.id));
    await tx.insert(auditLog).values({
      accountId: found.invitation.accountId,
      actorUserId: found.user.id,
      action: 'invitation.accepted',
      targetType: 'user',
      targetId: found.user.id,
      ip: meta.ip,
    });
    if (meta.currentSessionToken) await revokeSession(tx, meta.currentSessionToken);
    return createSession(tx, found.user.id, { ip: meta.ip, userAgent: meta.userAgent });
  });
  return {
    result: {
      success: true,
      message: `Welcome to ${found.accountName}!`,
      user: await findSessionUser(db, found.user.id),
    },
    sessionToken,
  };
}
