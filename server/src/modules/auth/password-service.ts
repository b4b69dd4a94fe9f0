import type { PasswordResult } from '@overlap/contract/auth';
import { INVITATION_VALID_DAYS } from '@overlap/contract/users';
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../core/context.ts';
import { badRequest, forbidden, unauthorized } from '../../core/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { invitations, users } from '../../db/schema/users.ts';
import { invitationMail, passwordResetMail } from '../../lib/mail/templates.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { newInvitationToken } from '../invitations/queries.ts';
import type { RequestMeta } from './meta.ts';
import { activateAccountIfPending, findSessionUser, findUserByEmail } from './queries.ts';
import { hitRateLimit, RATE_RULES } from './rate-limit.ts';
import { createSession, revokeUserSessions } from './session.ts';
import { consumeToken, issuePasswordReset, RESET_PASSWORD_HOURS } from './tokens.ts';

export const FORGOT_MESSAGE = 'If an account exists for this email address, we sent a link to reset its password.';
const INVALID_SET_LINK = 'This link is invalid or has expired. Confirm your email again to get a new one.';
const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Request a new one.';

/** Stores the new password, marks the address verified and the account active; ends every old session. */
async function storePassword(db: DbOrTx, user: { id: string; accountId: string }, password: string, signIn: boolean) {
  const now = new Date();
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      emailVerifiedAt: now,
      updatedAt: now,
      ...(signIn ? { lastLogin: now } : {}),
    })
    .where(eq(users.id, user.id));
  await activateAccountIfPending(db, user.accountId);
  await revokeUserSessions(db, user.id);
}

async function hasPendingInvitation(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.userId, userId), isNull(invitations.acceptedAt)))
    .limit(1);
  return rows.length > 0;
}

async function resendInvitationToInvitee(
  meta: RequestMeta,
  found: NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>,
): Promise<void> {
  const { db } = meta.deps.database;
  const { token, tokenHash, expiresAt } = newInvitationToken();
  const [invitation] = await db
    .update(invitations)
    .set({ tokenHash, expiresAt, lastSentAt: new Date() })
    .where(and(eq(invitations.userId, found.user.id), isNull(invitations.acceptedAt)))
    .returning({ role: invitations.role, invitedBy: invitations.invitedByUserId });
  if (!invitation) return;
  const [inviter] = invitation.invitedBy
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, invitation.invitedBy))
    : [];
  await meta.deps.mailer.send(
    invitationMail({
      publicUrl: meta.deps.config.publicUrl,
      to: found.user.email,
      token,
      accountName: found.account.name,
      inviterEmail: inviter?.email ?? 'A manager',
      role: invitation.role,
      days: INVITATION_VALID_DAYS,
      ownAccountUrl: `${meta.deps.config.publicUrl}/signup`,
    }),
  );
}

/**
 * Sets the password with the single-use token from the confirmation, or for the signed-in user
 * themself. An address alone never sets a password. Signs the user in.
 */
export async function setPassword(
  meta: RequestMeta,
  actor: Actor | null,
  input: { email: string; password: string; token?: string },
): Promise<{ result: PasswordResult; sessionToken: string }> {
  const { db } = meta.deps.database;
  const found = await findUserByEmail(db, input.email);
  if (!input.token) {
    if (!actor) throw unauthorized('Use the link from your confirmation email, or log in, to set a password.');
    if (!found || found.user.id !== actor.userId || actor.impersonatorId) {
      throw forbidden('You can only set your own password.');
    }
  }
  if (!found || found.user.role === 'disabled') throw badRequest(INVALID_SET_LINK);
  const sessionToken = await db.transaction(async (tx) => {
    if (input.token && !(await consumeToken(tx, found.user.id, 'set_password', input.token))) {
      throw badRequest(INVALID_SET_LINK);
    }
    await storePassword(tx, found.user, input.password, true);
    return createSession(tx, found.user.id, { ip: meta.ip, userAgent: meta.userAgent });
  });
  return {
    result: { success: true, message: 'Your password has been set.', user: await findSessionUser(db, found.user.id) },
    sessionToken,
  };
}

/** Mails a reset link when the address belongs to a user who may sign in; the same answer for all. */
export async function forgotPassword(meta: RequestMeta, email: string): Promise<{ success: true; message: string }> {
  const { db } = meta.deps.database;
  await hitRateLimit(db, RATE_RULES.forgotIp, meta.ip);
  await hitRateLimit(db, RATE_RULES.forgotEmail, email);
  const found = await findUserByEmail(db, email);
  // An invitee who never signed in has no password to reset: they get their invitation again (a
  // fresh link), which also says they may start their own account by signing up instead.
  if (found && found.user.role !== 'disabled' && (await hasPendingInvitation(db, found.user.id))) {
    await resendInvitationToInvitee(meta, found);
    return { success: true, message: FORGOT_MESSAGE };
  }
  if (found && found.user.role !== 'disabled') {
    const { token } = await issuePasswordReset(db, found.user.id);
    await meta.deps.mailer.send(
      passwordResetMail({
        publicUrl: meta.deps.config.publicUrl,
        to: found.user.email,
        token,
        hours: RESET_PASSWORD_HOURS,
      }),
    );
  }
  return { success: true, message: FORGOT_MESSAGE };
}

/** Sets a new password with a reset token and signs every session out; the user then logs in. */
export async function resetPassword(
  meta: RequestMeta,
  input: { email: string; newPassword: string; token: string },
): Promise<PasswordResult> {
  const { db } = meta.deps.database;
  const found = await findUserByEmail(db, input.email);
  if (!found || found.user.role === 'disabled') throw badRequest(INVALID_RESET_LINK);
  await db.transaction(async (tx) => {
    if (!(await consumeToken(tx, found.user.id, 'password_reset', input.token))) throw badRequest(INVALID_RESET_LINK);
    await storePassword(tx, found.user, input.newPassword, false);
  });
  return { success: true, message: 'Your password has been reset. Please log in with your new password.', user: null };
}
