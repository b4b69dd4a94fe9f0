import type { BlockDeleteResult, BlockEditBody, BlockEditResult } from '@overlap/contract/activity-blocks';
import { and, eq, sql } from 'drizzle-orm';
import { requireRole } from '../../core/access.ts';
import type { Ctx } from '../../core/context.ts';
import { conflict, notFound } from '../../core/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { activityBlocks, people } from '../../db/schema/activity.ts';
import { integrations } from '../../db/schema/integrations.ts';
import { recomputeBlocks } from '../../engine/recompute.ts';
import { refreshRollupRanges, refreshRollups } from '../../engine/rollups.ts';
import { stepMinutesFor } from '../../engine/step.ts';
import { effectiveTimezone } from '../../lib/zoned-time.ts';
import { EVENT_BLOCK_SOURCE, recomputeEventBlocks } from '../../pipeline/event-blocks.ts';
import { discardWaitingPresence, holdPresenceInbox } from '../../pipeline/presence-inbox.ts';
import { openUndoToken, reinsertSnapshot, sealBlockForUndo } from './undo.ts';

const isEventBlock = (block: { metadata: Record<string, unknown> }) => block.metadata.source === EVENT_BLOCK_SOURCE;

async function findOwnBlock(tx: DbOrTx, accountId: string, id: string) {
  const [block] = await tx
    .select()
    .from(activityBlocks)
    .where(and(eq(activityBlocks.id, id), eq(activityBlocks.accountId, accountId)))
    .for('update');
  if (!block) throw notFound('Activity block');
  return block;
}

async function toResult(tx: DbOrTx, id: string, now: Date): Promise<BlockEditResult> {
  const [row] = await tx
    .select({ block: activityBlocks, integrationName: integrations.name, config: integrations.config })
    .from(activityBlocks)
    .innerJoin(integrations, eq(integrations.id, activityBlocks.integrationId))
    .where(eq(activityBlocks.id, id));
  if (!row) throw notFound('Activity block');
  const { block } = row;
  const end = block.endTime;
  const color = row.config.color;
  return {
    id: block.id,
    kind: block.kind,
    startTime: block.startTime.toISOString(),
    endTime: end ? end.toISOString() : null,
    isOngoing: end === null,
    durationMinutes: Math.max(0, Math.round(((end ?? now).getTime() - block.startTime.getTime()) / 60_000)),
    timezoneAtStart: block.timezoneAtStart,
    metadata: block.metadata,
    integrationName: row.integrationName,
    integrationId: block.integrationId,
    integrationColor: typeof color === 'string' ? color : null,
  };
}

/**
 * A manager's correction of a block. The block becomes "edited": the engine leaves it alone from
 * now on, the raw samples it no longer covers are dropped (so the edit sticks), and neighbouring
 * blocks of the same integration are recomputed so that none overlaps it. Rollups follow.
 */
export async function editBlock(ctx: Ctx, id: string, input: BlockEditBody): Promise<BlockEditResult> {
  requireRole(ctx, 'manager');
  const start = new Date(input.startTime);
  const end = new Date(input.endTime);
  const now = new Date();
  const result = await ctx.db.transaction(async (tx) => {
    await holdPresenceInbox(tx);
    const block = await findOwnBlock(tx, ctx.accountId, id);
    const oldEnd = block.endTime ?? now;
    const overlapping = await tx.execute<{ id: string }>(sql`
      select id from activity_blocks
      where person_integration_id = ${block.personIntegrationId} and id <> ${block.id} and edited_at is not null
        and start_time < ${end} and coalesce(end_time, 'infinity') > ${start}
      limit 1`);
    if (overlapping.rows.length > 0) {
      throw conflict('This block would overlap another edited block of the same integration.');
    }
    const outside = sql`person_integration_id = ${block.personIntegrationId}
        and at >= ${block.startTime} and at <= ${oldEnd}
        and (at < ${start} or at > ${end})`;
    await discardWaitingPresence(tx, outside);
    await tx.execute(sql`delete from presence_samples where ${outside}`);
    await tx
      .update(activityBlocks)
      .set({ startTime: start, endTime: end, editedAt: now, updatedAt: now })
      .where(eq(activityBlocks.id, block.id));
    const [person] = await tx
      .select({ manual: people.timezoneManual, automatic: people.timezoneAutomatic })
      .from(people)
      .where(eq(people.id, block.personId));
    const timezone = effectiveTimezone(person?.manual, person?.automatic);
    const minAt = Math.min(block.startTime.getTime(), start.getTime());
    const maxAt = Math.max(oldEnd.getTime(), end.getTime());
    if (isEventBlock(block)) {
      // Neighbouring event blocks regroup around the edited range (pipeline/event-blocks.ts).
      const ranges = await recomputeEventBlocks(tx, { id: block.integrationId, accountId: ctx.accountId }, [
        { personIntegrationId: block.personIntegrationId, personId: block.personId, timezone, times: [minAt, maxAt] },
      ]);
      await refreshRollupRanges(tx, ranges, now);
    } else {
      await recomputeBlocks(tx, {
        accountId: ctx.accountId,
        integrationId: block.integrationId,
        stepMinutes: await stepMinutesFor(tx, block.integrationId),
        now,
        targets: [{ personIntegrationId: block.personIntegrationId, personId: block.personId, timezone, minAt, maxAt }],
      });
    }
    return toResult(tx, block.id, now);
  });
  await ctx.deps.notify(ctx.accountId, 'presence');
  return result;
}

/**
 * Deletes a block together with the raw samples it covered, so recomputation does not bring it back.
 * The answer carries a sealed undo token (see undo.ts) that `restoreBlock` takes for ten minutes.
 */
export async function deleteBlock(ctx: Ctx, id: string): Promise<BlockDeleteResult> {
  requireRole(ctx, 'manager');
  const now = new Date();
  const undoToken = await ctx.db.transaction(async (tx) => {
    await holdPresenceInbox(tx);
    const block = await findOwnBlock(tx, ctx.accountId, id);
    const end = block.endTime ?? now;
    let token: string;
    if (isEventBlock(block)) {
      // A block opened by events is deleted with the events it came from, so it does not come back.
      const within = sql`person_integration_id = ${block.personIntegrationId}
           and timestamp >= ${block.startTime} and timestamp <= ${end}`;
      token = await sealBlockForUndo(ctx, tx, block.id, null, within, now);
      await tx.execute(sql`delete from activity_events where ${within}`);
    } else {
      const within = sql`person_integration_id = ${block.personIntegrationId} and at >= ${block.startTime} and at <= ${end}`;
      token = await sealBlockForUndo(ctx, tx, block.id, within, null, now);
      await discardWaitingPresence(tx, within);
      await tx.execute(sql`delete from presence_samples where ${within}`);
    }
    await tx.delete(activityBlocks).where(eq(activityBlocks.id, block.id));
    await refreshRollups(tx, [block.personId], block.startTime, end, now);
    return token;
  });
  await ctx.deps.notify(ctx.accountId, 'presence');
  return { success: true, message: 'Activity block deleted', undoToken };
}

/** Undo of a delete (managers): the block comes back with its samples or events, and the rollups follow. */
export async function restoreBlock(ctx: Ctx, undoToken: string): Promise<BlockEditResult> {
  requireRole(ctx, 'manager');
  const now = new Date();
  const snapshot = openUndoToken(ctx, undoToken, now);
  const result = await ctx.db.transaction(async (tx) => {
    await holdPresenceInbox(tx);
    await reinsertSnapshot(tx, snapshot);
    const start = new Date(snapshot.block.start_time);
    const end = new Date(snapshot.block.end_time ?? snapshot.deletedAt);
    await refreshRollups(tx, [snapshot.block.person_id], start, end, now);
    return toResult(tx, snapshot.block.id, now);
  });
  await ctx.deps.notify(ctx.accountId, 'presence');
  return result;
}
