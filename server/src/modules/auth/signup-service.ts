import type { SignupBody } from '@overlap/contract/auth';
import { and, eq, isNull, TransactionRollbackError } from 'drizzle-orm';
import { accounts, auditLog } from '../../db/schema/accounts.ts';
import { invitations, users } from '../../db/schema/users.ts';
import { randomToken } from '../../lib/crypto.ts';
import { alreadyRegisteredMail, confirmationMail } from '../../lib/mail/templates.ts';
import { deriveAccountName, slugOf } from './account-name.ts';
import type { RequestMeta } from './meta.ts';
import { findUserByEmail } from './queries.ts';
import { hitRateLimit, RATE_RULES } from './rate-limit.ts';
import { CONFIRM_CODE_MINUTES, CONFIRM_LINK_HOURS, issueConfirmation } from './tokens.ts';

export const SIGNUP_MESSAGE = 'Check your email for a confirmation link and a 6-digit code.';
export const RESEND_MESSAGE = 'If this address is waiting for confirmation, we sent a new confirmation email.';

type SignupInput = { email: string; selectedIntegrations: string[] } & Omit<
  SignupBody,
  'email' | 'selectedIntegrations'
>;

/** Sends a fresh confirmation (link + code) to the founder of a pending account. */
async function sendConfirmation(meta: RequestMeta, userId: string, email: string): Promise<void> {
  const { db } = meta.deps.database;
  const { token, code } = await issueConfirmation(db, userId);
  await meta.deps.mailer.send(
    confirmationMail({
      publicUrl: meta.deps.config.publicUrl,
      to: email,
      token,
      code: code as string,
      linkHours: CONFIRM_LINK_HOURS,
      codeMinutes: CONFIRM_CODE_MINUTES,
    }),
  );
}

/** True for a user who signed up and has not finished (no password yet, account still pending). */
const awaitingConfirmation = (found: NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>) =>
  found.account.status === 'pending' && !found.user.passwordHash && found.user.role === 'manager';

/**
 * Creates a pending account, its first user (manager, no password) and the signup data, then mails
 * the confirmation. Answers the same for an address that is already registered.
 */
export async function signUp(meta: RequestMeta, input: SignupInput): Promise<{ success: true; message: string }> {
  const { db } = meta.deps.database;
  await hitRateLimit(db, RATE_RULES.signupIp, meta.ip);
  await hitRateLimit(db, RATE_RULES.signupEmail, input.email);

  const found = await findUserByEmail(db, input.email);
  // A pending invitation never hides a sign-up: the invitee's own sign-up withdraws it and makes
  // their own account (docs/decisions.md), so nobody can block an address by inviting it.
  if (found && (await withdrawPendingInvitation(db, found))) return createPendingAccount(meta, input);
  if (found) {
    if (awaitingConfirmation(found)) {
      await sendConfirmation(meta, found.user.id, found.user.email);
    } else if (found.user.passwordHash && found.user.role !== 'disabled') {
      await meta.deps.mailer.send(
        alreadyRegisteredMail({ publicUrl: meta.deps.config.publicUrl, to: found.user.email }),
      );
    }
    return { success: true, message: SIGNUP_MESSAGE };
  }
  return createPendingAccount(meta, input);
}

/**
 * Deletes the invited, never-signed-in user of `found` (and so its invitation), recording it in the
 * inviting account's audit log. False when the address is not such an invitee.
 */
async function withdrawPendingInvitation(
  db: RequestMeta['deps']['database']['db'],
  found: NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>,
): Promise<boolean> {
  if (found.user.passwordHash || found.user.emailVerifiedAt || found.user.role === 'disabled') return false;
  return db.transaction(async (tx) => {
    const open = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(eq(invitations.userId, found.user.id), isNull(invitations.acceptedAt)))
      .limit(1);
    if (open.length === 0) return false;
    const deleted = await tx
      .delete(users)
      .where(and(eq(users.id, found.user.id), isNull(users.passwordHash)))
      .returning({ id: users.id });
    if (deleted.length === 0) return false;
    await tx.insert(auditLog).values({
      accountId: found.account.id,
      action: 'user.invitation_withdrawn',
      targetType: 'user',
      targetId: found.user.id,
      details: { email: found.user.email, reason: 'The invitee signed up with their own account.' },
    });
    return true;
  });
}

async function createPendingAccount(
  meta: RequestMeta,
  input: SignupInput,
): Promise<{ success: true; message: string }> {
  const { db } = meta.deps.database;
  const name = deriveAccountName(input.email);
  const created = await db
    .transaction(async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({
          name,
          slug: `${slugOf(name)}-${randomToken(4)
            .toLowerCase()
            .replace(/[^a-z0-9]/g, 'x')}`,
          status: 'pending',
          plan: 'free',
          onboardingCompleted: false,
          onboardingNextAction: 'onboarding',
          signupData: {
            signupSource: 'web_form',
            signupIp: meta.ip,
            userAgent: meta.userAgent?.slice(0, 500) ?? null,
            details: { selectedIntegrations: input.selectedIntegrations },
          },
        })
        .returning({ id: accounts.id });
      if (!account) throw new Error('account not created');
      const [user] = await tx
        .insert(users)
        .values({ accountId: account.id, email: input.email, role: 'manager' })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!user) tx.rollback();
      return user ?? null;
    })
    .catch((err: unknown) => {
      if (err instanceof TransactionRollbackError) return null;
      throw err;
    });
  // A concurrent sign-up with the same address won the race: answer the same, send nothing more.
  if (created) await sendConfirmation(meta, created.id, input.email);
  return { success: true, message: SIGNUP_MESSAGE };
}

/** Mails a new confirmation to an address waiting for one; the same answer for every address. */
export async function resendConfirmation(
  meta: RequestMeta,
  email: string,
): Promise<{ success: true; message: string }> {
  const { db } = meta.deps.database;
  await hitRateLimit(db, RATE_RULES.resendIp, meta.ip);
  await hitRateLimit(db, RATE_RULES.resendEmail, email);
  const found = await findUserByEmail(db, email);
  if (found && awaitingConfirmation(found)) {
    const pendingInvite = await db
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(eq(invitations.userId, found.user.id), isNull(invitations.acceptedAt)))
      .limit(1);
    if (pendingInvite.length === 0) await sendConfirmation(meta, found.user.id, found.user.email);
  }
  return { success: true, message: RESEND_MESSAGE };
}
