import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type EmailTokenKind, emailTokens } from '../../db/schema/users.ts';
import { randomDigits, randomToken, safeEqual, sha256 } from '../../lib/crypto.ts';

export const CONFIRM_LINK_HOURS = 24;
export const CONFIRM_CODE_MINUTES = 30;
export const SET_PASSWORD_MINUTES = 60;
export const RESET_PASSWORD_HOURS = 1;
export const MAX_CODE_ATTEMPTS = 5;

const HOUR_MS = 60 * 60 * 1000;
const codeHashOf = (userId: string, code: string) => sha256(`confirmation-code:${userId}:${code}`);

/** Issues a new token of `kind` for the user; earlier unused tokens of that kind stop working. */
export async function issueToken(
  db: DbOrTx,
  userId: string,
  kind: EmailTokenKind,
  ttlMs: number,
): Promise<{ token: string; code: string | null }> {
  const now = new Date();
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)));
  const token = randomToken();
  const code = kind === 'confirm_email' ? randomDigits(6) : null;
  await db.insert(emailTokens).values({
    userId,
    kind,
    tokenHash: sha256(token),
    codeHash: code ? codeHashOf(userId, code) : null,
    codeExpiresAt: code ? new Date(now.getTime() + CONFIRM_CODE_MINUTES * 60_000) : null,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return { token, code };
}

export const issueConfirmation = (db: DbOrTx, userId: string) =>
  issueToken(db, userId, 'confirm_email', CONFIRM_LINK_HOURS * HOUR_MS);
export const issueSetPassword = (db: DbOrTx, userId: string) =>
  issueToken(db, userId, 'set_password', SET_PASSWORD_MINUTES * 60_000);
export const issuePasswordReset = (db: DbOrTx, userId: string) =>
  issueToken(db, userId, 'password_reset', RESET_PASSWORD_HOURS * HOUR_MS);

/**
 * Uses a token once: it must be of `kind`, belong to `userId`, be unused and unexpired. Atomic, so
 * two requests racing with the same token cannot both succeed. Returns false otherwise.
 */
export async function consumeToken(db: DbOrTx, userId: string, kind: EmailTokenKind, token: string): Promise<boolean> {
  const used = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, sha256(token)),
        eq(emailTokens.userId, userId),
        eq(emailTokens.kind, kind),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning({ id: emailTokens.id });
  return used.length === 1;
}

export type CodeCheck = 'ok' | 'wrong' | 'exhausted' | 'none';

/**
 * Checks a confirmation code against the user's live confirmation token. A wrong code counts an
 * attempt; the fifth wrong one kills the token. A right code uses it up.
 */
export async function checkConfirmationCode(db: DbOrTx, userId: string, code: string): Promise<CodeCheck> {
  const now = new Date();
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.kind, 'confirm_email'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
        gt(emailTokens.codeExpiresAt, now),
      ),
    )
    .orderBy(desc(emailTokens.createdAt))
    .limit(1)
    .for('update');
  if (!row?.codeHash) return 'none';
  if (safeEqual(row.codeHash, codeHashOf(userId, code))) {
    await db.update(emailTokens).set({ usedAt: now }).where(eq(emailTokens.id, row.id));
    return 'ok';
  }
  const attempts = row.failedAttempts + 1;
  await db
    .update(emailTokens)
    .set({
      failedAttempts: sql`${emailTokens.failedAttempts} + 1`,
      ...(attempts >= MAX_CODE_ATTEMPTS ? { usedAt: now } : {}),
    })
    .where(eq(emailTokens.id, row.id));
  return attempts >= MAX_CODE_ATTEMPTS ? 'exhausted' : 'wrong';
}

/** Whether `token` is a confirmation link of this user that was used and has not expired yet. */
export async function wasIssued(db: DbOrTx, userId: string, token: string): Promise<boolean> {
  const rows = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, sha256(token)),
        eq(emailTokens.userId, userId),
        eq(emailTokens.kind, 'confirm_email'),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return rows.length === 1;
}

/** Whether `code` is the code of this user's confirmation that was used while the code was live. */
export async function codeWasUsed(db: DbOrTx, userId: string, code: string): Promise<boolean> {
  const rows = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.kind, 'confirm_email'),
        eq(emailTokens.codeHash, codeHashOf(userId, code)),
        gt(emailTokens.codeExpiresAt, new Date()),
        sql`${emailTokens.usedAt} is not null`,
        sql`${emailTokens.failedAttempts} < ${MAX_CODE_ATTEMPTS}`,
      ),
    )
    .limit(1);
  return rows.length === 1;
}
