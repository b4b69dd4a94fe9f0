import { randomUUID } from 'node:crypto';
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
import { invitationMail, invitationToRegisteredMail } from '../../lib/mail/templates.ts';
import { hitRateLimit, RATE_RULES } from '../auth/rate-limit.ts';
import { revokeUserSessions } from '../auth/session.ts';
import { newInvitationToken } from '../invitations/queries.ts';
import { countOtherActiveManagers, findAccountUser, findUserAccountByEmail, listAccountUsers } from './queries.ts';
import { assertRoomForManager, assertRoomForUser } from './user-limits.ts';

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

/**
 * Creates a pending user and an invitation valid for 7 days, and mails the accept link; within the
 * plan's user limit, and a second manager only with Team Management (403 UPGRADE_REQUIRED).
 * Limited to 50 invitations an hour per account and 5 a day per address. An address already in
 * this team answers 409; one in another account answers exactly as a new address does, stores
 * nothing, and its owner gets a note instead (docs/decisions.md): the answer never tells whether an
 * address is registered elsewhere.
 */
export async function inviteUser(ctx: Ctx, input: { email: string; role: InvitableRole }): Promise<UserResult> {
  requireRole(ctx, 'manager');
  const existing = await findUserAccountByEmail(ctx.db, input.email);
  if (existing?.accountId === ctx.accountId) {
    throw conflict('A user with this email address is already in your team.', 'EMAIL_TAKEN');
  }
  await assertRoomForUser(ctx.db, ctx.accountId);
  if (input.role === 'manager') await assertRoomForManager(ctx.db, ctx.accountId);
  await hitRateLimit(ctx.db, RATE_RULES.inviteAccount, ctx.accountId);
  await hitRateLimit(ctx.db, RATE_RULES.inviteEmail, input.email);
  if (existing) return inviteMemberOfAnotherAccount(ctx, input);
  const { token, tokenHash, expiresAt } = newInvitationToken();
  const userId = await ctx.db.transaction(async (tx) => {
    await assertRoomForUser(tx, ctx.accountId);
    if (input.role === 'manager') await assertRoomForManager(tx, ctx.accountId);
    const [user] = await tx
      .insert(users)
      .values({ accountId: ctx.accountId, email: input.email, role: input.role, invitedByUserId: ctx.userId })
      .onConflictDoNothing()
      .returning({ id: users.id });
    // The address was registered a moment ago (a race): answer as for any other account's address.
    if (!user) return null;
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
  if (!userId) return inviteMemberOfAnotherAccount(ctx, input);
  await mailInvitation(ctx, input.email, input.role, token);
  return {
    success: true,
    message: `Invitation sent to ${input.email}.`,
    user: await requireAccountUser(ctx.db, ctx, userId),
  };
}

/**
 * The invitation of an address that belongs to another account: the same answer as a new
 * invitation, nothing stored, and the address's owner told who asked and how to join.
 */
async function inviteMemberOfAnotherAccount(
  ctx: Ctx,
  input: { email: string; role: InvitableRole },
): Promise<UserResult> {
  const now = new Date();
  const { expiresAt } = newInvitationToken(now);
  await ctx.deps.mailer.send(
    invitationToRegisteredMail({
      publicUrl: ctx.deps.config.publicUrl,
      to: input.email,
      accountName: ctx.accountName,
      inviterEmail: ctx.email,
    }),
  );
  return {
    success: true,
    message: `Invitation sent to ${input.email}.`,
    user: {
      id: randomUUID(),
      email: input.email,
      role: input.role,
      emailVerifiedAt: null,
      lastLogin: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      invitation: { expiresAt: expiresAt.toISOString(), lastSentAt: now.toISOString() },
      canResendAt: new Date(now.getTime() + RESEND_COOLDOWN_SECONDS * 1000).toISOString(),
    },
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
    if (target.role === 'disabled') await assertRoomForUser(tx, ctx.accountId);
    if (role === 'manager') await assertRoomForManager(tx, ctx.accountId);
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
