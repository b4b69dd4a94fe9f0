import { ALREADY_CONFIRMED, type ConfirmationResult } from '@overlap/contract/auth';
import { eq } from 'drizzle-orm';
import { AppError, badRequest } from '../../core/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import type { RequestMeta } from './meta.ts';
import { findUserByEmail } from './queries.ts';
import { emailAtIp, hitRateLimit, RATE_RULES } from './rate-limit.ts';
import { checkConfirmationCode, codeWasUsed, consumeToken, issueSetPassword, wasIssued } from './tokens.ts';

const INVALID_LINK = 'This confirmation link is invalid or has expired. Request a new confirmation email.';
/**
 * One answer for every wrong or expired code, whatever the address (registered, unknown, already
 * confirmed, or out of attempts): the answer never tells whether an address is registered.
 */
const INVALID_CODE =
  'The confirmation code is not correct or has expired. After 5 wrong codes, request a new confirmation email.';

const alreadyConfirmed = () =>
  new AppError(409, ALREADY_CONFIRMED, 'This email address is already confirmed. Please log in.', {
    error: 'Already Confirmed',
  });

type Found = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;

const isConfirmedAndActive = (found: Found) => Boolean(found.user.emailVerifiedAt && found.user.passwordHash);

/** After a good link or code: the address is verified and a single-use set-password token is issued. */
async function finishConfirmation(db: DbOrTx, found: Found): Promise<ConfirmationResult> {
  await db
    .update(users)
    .set({ emailVerifiedAt: found.user.emailVerifiedAt ?? new Date(), updatedAt: new Date() })
    .where(eq(users.id, found.user.id));
  if (found.user.passwordHash) {
    return {
      success: true,
      message: 'Email confirmed. You can log in now.',
      nextStep: 'login',
      passwordResetToken: null,
    };
  }
  const { token } = await issueSetPassword(db, found.user.id);
  return {
    success: true,
    message: 'Email confirmed. Set your password to continue.',
    nextStep: 'set_password',
    passwordResetToken: token,
  };
}

export async function confirmEmail(
  meta: RequestMeta,
  input: { token: string; email: string },
): Promise<ConfirmationResult> {
  const { db } = meta.deps.database;
  await hitRateLimit(db, RATE_RULES.confirmCodeIp, meta.ip);
  const found = await findUserByEmail(db, input.email);
  if (!found) throw badRequest(INVALID_LINK);
  return db.transaction(async (tx) => {
    if (await consumeToken(tx, found.user.id, 'confirm_email', input.token)) return finishConfirmation(tx, found);
    // 'Already Confirmed' only for a genuine link of this address (used, not expired): a made-up
    // token answers as for an unknown address.
    if (isConfirmedAndActive(found) && (await wasIssued(tx, found.user.id, input.token))) throw alreadyConfirmed();
    throw badRequest(INVALID_LINK);
  });
}

export async function confirmCode(
  meta: RequestMeta,
  input: { email: string; code: string },
): Promise<ConfirmationResult> {
  const { db } = meta.deps.database;
  await hitRateLimit(db, RATE_RULES.confirmCodeIp, meta.ip);
  await hitRateLimit(db, RATE_RULES.confirmCodeEmailIp, emailAtIp(input.email, meta.ip));
  const found = await findUserByEmail(db, input.email);
  if (!found) throw badRequest(INVALID_CODE);
  const outcome = await db.transaction(async (tx) => {
    const check = await checkConfirmationCode(tx, found.user.id, input.code);
    return check === 'ok' ? { check, result: await finishConfirmation(tx, found) } : { check, result: null };
  });
  if (outcome.result) return outcome.result;
  if (outcome.check === 'none' && isConfirmedAndActive(found) && (await codeWasUsed(db, found.user.id, input.code))) {
    throw alreadyConfirmed();
  }
  throw badRequest(INVALID_CODE);
}
