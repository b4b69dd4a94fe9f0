import {
  type AccountUser,
  type AssignableRole,
  INVITATION_VALID_DAYS,
  type InvitableRole,
  RESEND_COOLDOWN_SECONDS,
  type UserResult,
} from '@overlap/contract/users';
import { and, eq, isNull } from 'drizzle-orm';
import { requireRole } from '../../core/access.ts';
import type { Ctx } from '../../core/context.ts';
import { conflict, forbidden, notFound, tooManyRequests } from '../../core/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/accounts.ts';
import { invitations, users } from '../../db/schema/users.ts';
import { invitationMail } from '../../lib/mail/templates.ts';
import { revokeUserSessions } from '../auth/session.ts';
import { newInvitationToken } from '../invitations/queries.ts';
import { countOtherActiveManagers, findAccountUser, findUserIdByEmail, listAccountUsers } from './queries.ts';

export const LAST_MANAGER_MESSAGE = 'An account must keep at least one active manager. Promote another user first.';

async function audit(db: DbOrTx, ctx: Ctx, action: string, targetId: string, details?: Record<string, unknown>) {
  await db.insert(auditLog).values({
    accountId: ctx.accountId,
    actorUserId: ctx.userId,
    impersonatorUserId: ctx.impersonatorId,
    action,
    targetType: 'user',
    targetId,
    details,
    ip: ctx.ip,
  });
}

async function requireAccountUser(db: DbOrTx, ctx: Ctx, userId: string): Promise<AccountUser> {
  const found = await findAccountUser(db, ctx.accountId, userId);
  if (!found) throw notFound('User');
  return found;
}

async function mailInvitation(ctx: Ctx, email: string, role: InvitableRole, token: string) {
  await ctx.deps.mailer.send(
    invitationMail({
      publicUrl: ctx.deps.config.publicUrl,
      to: email,
      token,
      accountName: ctx.accountName,
      inviterEmail: ctx.email,
      role,
      days: INVITATION_VALID_DAYS,
    }),
  );
}

/** Every member may see who is in the account; only managers act on it. */
export async function listUsers(ctx: Ctx): Promise<{ users: AccountUser[] }> {
  return { users: await listAccountUsers(ctx.db, ctx.accountId) };
}

/** Creates a pending user and an invitation valid for 7 days, and mails the accept link. */
export async function inviteUser(ctx: Ctx, input: { email: string; role: InvitableRole }): Promise<UserResult> {
  requireRole(ctx, 'manager');
  if (await findUserIdByEmail(ctx.db, input.email)) {
    throw conflict('A user with this email address already exists.', 'EMAIL_TAKEN');
  }
  const { token, tokenHash, expiresAt } = newInvitationToken();
  const userId = await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ accountId: ctx.accountId, email: input.email, role: input.role, invitedByUserId: ctx.userId })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) throw conflict('A user with this email address already exists.', 'EMAIL_TAKEN');
    await tx.insert(invitations).values({
      accountId: ctx.accountId,
      userId: user.id,
      email: input.email,
      role: input.role,
      tokenHash,
      invitedByUserId: ctx.userId,
      expiresAt,
    });
    await audit(tx, ctx, 'user.invited', user.id, { email: input.email, role: input.role });
    return user.id;
  });
  await mailInvitation(ctx, input.email, input.role, token);
  return {
    success: true,
    message: `Invitation sent to ${input.email}.`,
    user: await requireAccountUser(ctx.db, ctx, userId),
  };
}

/** Sends a pending invitation again with a new link (the old one stops working); 60 s cooldown. */
export async function resendInvitation(ctx: Ctx, userId: string): Promise<UserResult> {
  requireRole(ctx, 'manager');
  const target = await requireAccountUser(ctx.db, ctx, userId);
  if (target.emailVerifiedAt || !target.invitation) {
    throw conflict('This user has already accepted the invitation.', 'NOT_PENDING');
  }
  const waitMs = new Date(target.canResendAt as string).getTime() - Date.now();
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw tooManyRequests(`Please wait ${seconds} seconds before resending.`, seconds);
  }
  const now = new Date();
  const { token, tokenHash, expiresAt } = newInvitationToken(now);
  const role = target.role === 'manager' ? 'manager' : 'user';
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(invitations)
      .set({ tokenHash, expiresAt, lastSentAt: now })
      .where(and(eq(invitations.userId, userId), isNull(invitations.acceptedAt)));
    await tx.update(users).set({ updatedAt: now }).where(eq(users.id, userId));
    await audit(tx, ctx, 'user.invitation_resent', userId);
  });
  await mailInvitation(ctx, target.email, role, token);
  return {
    success: true,
    message: `Invitation sent again to ${target.email}.`,
    user: await requireAccountUser(ctx.db, ctx, userId),
  };
}

/**
 * Promotes, demotes, disables or enables a verified user. The account always keeps one active
 * manager; disabling ends every session of that user.
 */
export async function changeRole(ctx: Ctx, userId: string, role: AssignableRole): Promise<UserResult> {
  requireRole(ctx, 'manager');
  await ctx.db.transaction(async (tx) => {
    const target = await requireAccountUser(tx, ctx, userId);
    if (!target.emailVerifiedAt) {
      throw conflict('A pending invitation cannot change role. Resend or delete it instead.', 'PENDING_INVITATION');
    }
    if (target.role === 'superadmin') throw forbidden("Only platform operators can change an operator's role.");
    if (role === 'disabled' && userId === ctx.userId)
      throw conflict('You cannot disable your own user.', 'SELF_DISABLE');
    if (target.role === role) return;
    if (target.role === 'manager' && (await countOtherActiveManagers(tx, ctx.accountId, userId)) === 0) {
      throw conflict(LAST_MANAGER_MESSAGE, 'LAST_MANAGER');
    }
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
    if (role === 'disabled') await revokeUserSessions(tx, userId);
    await audit(tx, ctx, 'user.role_changed', userId, { from: target.role, to: role });
  });
  const user = await requireAccountUser(ctx.db, ctx, userId);
  return { success: true, message: `${user.email} is now ${role === 'disabled' ? 'disabled' : `a ${role}`}.`, user };
}

/** Deletes a pending invitation (and its pending user). Users who joined are disabled, not deleted. */
export async function deleteInvitation(ctx: Ctx, userId: string): Promise<{ success: boolean; message: string }> {
  requireRole(ctx, 'manager');
  const target = await requireAccountUser(ctx.db, ctx, userId);
  if (target.emailVerifiedAt) {
    throw conflict('Only pending invitations can be deleted. Disable the user instead.', 'NOT_PENDING');
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(users).where(and(eq(users.id, userId), eq(users.accountId, ctx.accountId)));
    await audit(tx, ctx, 'user.invitation_deleted', userId, { email: target.email });
  });
  return { success: true, message: `The invitation for ${target.email} was deleted.` };
}

export { RESEND_COOLDOWN_SECONDS };
