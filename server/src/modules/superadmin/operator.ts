import { requireRole } from '../../core/access.ts';
import type { Ctx } from '../../core/context.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { insertAudit } from '../audit/queries.ts';
import { findOperatorAccount } from './account-queries.ts';

/**
 * Operator routes are for the superadmin role only. While impersonating, the impersonated user's
 * role applies (never superadmin), so every operator route answers 403 until the operator exits.
 */
export function requireOperator(ctx: Ctx): void {
  requireRole(ctx, 'superadmin');
  if (ctx.impersonatorId) throw forbidden('Exit the impersonation to use the operator console.');
}

export async function requireOperatorAccount(db: DbOrTx, id: string) {
  const account = await findOperatorAccount(db, id);
  if (!account) throw notFound('Account');
  return account;
}

/** An operator's change to an account, in that account's audit log. */
export async function auditOperator(
  db: DbOrTx,
  ctx: Ctx,
  accountId: string | null,
  action: string,
  details?: Record<string, unknown>,
): Promise<void> {
  await insertAudit(db, {
    accountId,
    actorUserId: ctx.userId,
    impersonatorUserId: null,
    action,
    targetType: 'account',
    targetId: accountId ?? undefined,
    details,
    ip: ctx.ip,
  });
}
