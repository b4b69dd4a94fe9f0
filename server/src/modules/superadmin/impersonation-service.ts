import { type AccountActionResult, IMPERSONATION_MINUTES } from '@overlap/contract/superadmin';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../core/context.ts';
import { AppError, type ErrorCode } from '../../core/errors.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { insertAudit } from '../audit/queries.ts';
import { createSession } from '../auth/session.ts';
import { requireOperator, requireOperatorAccount } from './operator.ts';

const refuse = (message: string, code: ErrorCode) => new AppError(409, code, message, { error: message });

export const CONSOLE_PATH = '/superadmin';

/**
 * Starts acting as the account's admin user: a new session for that user carrying the operator's
 * id, ending by itself after IMPERSONATION_MINUTES. The operator's own session is replaced by it
 * (the browser holds one cookie) and comes back on exit.
 */
export async function startImpersonation(
  ctx: Ctx,
  accountId: string,
  meta: { userAgent?: string },
): Promise<{ token: string; result: AccountActionResult }> {
  requireOperator(ctx);
  const account = await requireOperatorAccount(ctx.db, accountId);
  if (account.status !== 'active') throw refuse('Only active accounts can be impersonated.', 'ACCOUNT_NOT_ACTIVE');
  const admin = account.adminUser;
  if (!admin) throw refuse('This account has no manager to impersonate.', 'NO_ADMIN_USER');
  const token = await ctx.db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.id, ctx.sessionId));
    const created = await createSession(tx, admin.id, {
      ip: ctx.ip,
      userAgent: meta.userAgent,
      impersonatorUserId: ctx.userId,
      ttlMs: IMPERSONATION_MINUTES * 60_000,
    });
    await insertAudit(tx, {
      accountId,
      actorUserId: admin.id,
      impersonatorUserId: ctx.userId,
      action: 'impersonation.started',
      targetType: 'user',
      targetId: admin.id,
      details: { userEmail: admin.email, minutes: IMPERSONATION_MINUTES },
      ip: ctx.ip,
    });
    return created;
  });
  return {
    token,
    result: { success: true, message: `Impersonating ${admin.email}`, account, redirectTo: '/' },
  };
}

/**
 * Ends the impersonation: its session is deleted and the operator gets a session of their own
 * again (none if they are no longer an operator). Answers where the browser goes next.
 */
export async function stopImpersonation(
  ctx: Ctx,
  meta: { userAgent?: string },
): Promise<{ token: string | null; redirectTo: string }> {
  const operatorId = ctx.impersonatorId;
  if (!operatorId) throw refuse('You are not impersonating anyone.', 'NOT_IMPERSONATING');
  return ctx.db.transaction(async (tx) => {
    await insertAudit(tx, {
      accountId: ctx.accountId,
      actorUserId: ctx.userId,
      impersonatorUserId: operatorId,
      action: 'impersonation.stopped',
      targetType: 'user',
      targetId: ctx.userId,
      details: { userEmail: ctx.email },
      ip: ctx.ip,
    });
    await tx.delete(sessions).where(eq(sessions.id, ctx.sessionId));
    const [operator] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, operatorId), eq(users.role, 'superadmin')));
    if (!operator) return { token: null, redirectTo: '/login' };
    const token = await createSession(tx, operator.id, { ip: ctx.ip, userAgent: meta.userAgent });
    return { token, redirectTo: CONSOLE_PATH };
  });
}
