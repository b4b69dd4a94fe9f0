import type { GapReport } from '@overlap/contract/maintenance';
import { requireRole } from '../../core/access.ts';
import type { Ctx } from '../../core/context.ts';
import { detectGapsForAccount } from './gaps.ts';

/** The account's gap report for one month (Maintenance tab); managers and superadmins. */
export async function detectGaps(
  ctx: Ctx,
  input: { year: number; month: number; minDurationHours: number },
): Promise<GapReport> {
  requireRole(ctx, 'manager');
  return detectGapsForAccount(ctx.db, ctx.accountId, input);
}
