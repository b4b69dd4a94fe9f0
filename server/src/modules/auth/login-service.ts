import type { SessionUser } from '@overlap/contract/auth';
import { eq } from 'drizzle-orm';
import { unauthorized } from '../../core/errors.ts';
import { users } from '../../db/schema/users.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { RequestMeta } from './meta.ts';
import { findSessionUser, findUserByEmail } from './queries.ts';
import { checkRateLimit, countFailure, emailAtIp, hitRateLimit, RATE_RULES } from './rate-limit.ts';
import { createSession, revokeSession } from './session.ts';

export const LOGIN_FAILED = 'Login failed. Please check your credentials.';

let dummyHash: Promise<string> | null = null;
/** Verifying against a throw-away hash keeps unknown addresses as slow as known ones. */
const timingHash = () => {
  dummyHash ??= hashPassword('not-a-real-password-1!');
  return dummyHash;
};

/**
 * Signs in with e-mail and password. Unknown address, wrong password, disabled user, unconfirmed
 * address and pending account all answer the same 401. A new session replaces the browser's old one.
 */
export async function logIn(
  meta: RequestMeta,
  input: { email: string; password: string },
): Promise<{ user: SessionUser; sessionToken: string }> {
  const { db } = meta.deps.database;
  const pair = emailAtIp(input.email, meta.ip);
  await hitRateLimit(db, RATE_RULES.loginIp, meta.ip);
  await checkRateLimit(db, RATE_RULES.loginFailuresIp, meta.ip);
  await checkRateLimit(db, RATE_RULES.loginFailuresEmailIp, pair);
  const found = await findUserByEmail(db, input.email);
  const passwordOk = await verifyPassword(found?.user.passwordHash ?? (await timingHash()), input.password);
  const allowed =
    found &&
    passwordOk &&
    found.user.role !== 'disabled' &&
    found.user.emailVerifiedAt !== null &&
    found.account.status !== 'pending';
  if (!allowed) {
    await countFailure(db, RATE_RULES.loginFailuresIp, meta.ip);
    await countFailure(db, RATE_RULES.loginFailuresEmailIp, pair);
    throw unauthorized(LOGIN_FAILED);
  }
  if (meta.currentSessionToken) await revokeSession(db, meta.currentSessionToken);
  const sessionToken = await createSession(db, found.user.id, { ip: meta.ip, userAgent: meta.userAgent });
  await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, found.user.id));
  return { user: await findSessionUser(db, found.user.id), sessionToken };
}
