import type { FixBlocksResult } from '@overlap/contract/maintenance';
import { GAP_WINDOW_DAYS, type OperatorGapResult } from '@overlap/contract/superadmin';
import type { Ctx } from '../../core/context.ts';
import { findGaps, fixBlocks } from '../maintenance/gaps.ts';
import { auditOperator, requireOperator, requireOperatorAccount } from './operator.ts';

const DAY_MS = 86_400_000;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** Gaps between the account's integration runs over the last GAP_WINDOW_DAYS days. */
export async function detectAccountGaps(ctx: Ctx, id: string, now = new Date()): Promise<OperatorGapResult> {
  requireOperator(ctx);
  await requireOperatorAccount(ctx.db, id);
  const gaps = await findGaps(ctx.db, id, new Date(now.getTime() - GAP_WINDOW_DAYS * DAY_MS), now, now);
  const minutes = gaps.map((g) => g.durationMinutes);
  return {
    totalGaps: gaps.length,
    totalAffectedBlocks: new Set(gaps.flatMap((g) => g.affectedBlockIds)).size,
    summary: {
      averageGapMinutes: minutes.length === 0 ? 0 : round2(minutes.reduce((a, b) => a + b, 0) / minutes.length),
    },
    gaps: gaps.map(({ stepMs: _s, affectedBlockIds: _a, ...gap }) => gap),
  };
}

/** Caps the blocks that run into those gaps at the last successful run before each gap. */
export async function fixAccountBlocks(ctx: Ctx, id: string, now = new Date()): Promise<FixBlocksResult> {
  requireOperator(ctx);
  await requireOperatorAccount(ctx.db, id);
  const result = await fixBlocks(ctx.db, id, { days: GAP_WINDOW_DAYS, now });
  await auditOperator(ctx.db, ctx, id, 'operator.blocks_fixed', {
    totalBlocksFixed: result.totalBlocksFixed,
    gapsProcessed: result.gapsProcessed,
  });
  if (result.totalBlocksFixed > 0) await ctx.deps.notify(id, 'presence');
  return result;
}
