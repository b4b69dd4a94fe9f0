import type { AuditLogPage } from '@overlap/contract/audit';
import { requireRole } from '../../core/access.ts';
import type { Ctx } from '../../core/context.ts';
import { listAccountAudit } from './queries.ts';

/** The account's audit log for its managers: who did what and when, operators included. */
export async function getAuditLog(
  ctx: Ctx,
  input: { page: number; limit: number; impersonated: boolean },
): Promise<AuditLogPage> {
  requireRole(ctx, 'manager');
  const { entries, total } = await listAccountAudit(ctx.db, ctx.accountId, {
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
    impersonatedOnly: input.impersonated,
  });
  const totalPages = Math.max(1, Math.ceil(total / input.limit));
  return {
    entries,
    pagination: {
      page: input.page,
      limit: input.limit,
      totalCount: total,
      totalPages,
      hasNextPage: input.page < totalPages,
      hasPreviousPage: input.page > 1,
    },
  };
}
