import type { BulkUnassignedResult } from '@overlap/contract/people';
import { sql } from 'drizzle-orm';
import { requireRole } from '../../core/access.ts';
import type { Ctx } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import type { Tx } from '../../db/client.ts';
import { uuidArray } from '../../db/uuid-array.ts';
import { holdPresenceInbox } from '../../pipeline/presence-inbox.ts';
import { ignoreLocked } from './lifecycle.ts';
import { lockPeopleQuota } from './quota.ts';

interface BulkInput {
  action: 'activate' | 'ignore';
  ids?: string[];
  all?: true;
}

/** Locks the unassigned people named (or all of them); a named id that is not one of them is a 404. */
async function lockUnassigned(tx: Tx, accountId: string, ids: string[] | undefined): Promise<string[]> {
  const result = await tx.execute<{ id: string }>(sql`
    select id from people
     where account_id = ${accountId} and status = 'unassigned'
       ${ids ? sql`and id = any(${uuidArray(ids)})` : sql``}
     order by id for update`);
  const found = result.rows.map((r) => r.id);
  if (ids && found.length !== new Set(ids).size) throw notFound('Unassigned person');
  return found;
}

/**
 * 'Activate all' and 'Ignore selected' (managers), all or nothing in one transaction. Activating
 * names each person by their name, else e-mail, else identifier, and is refused whole when the
 * plan has no room for all of them; ignoring deletes their activity data as one ignore does.
 */
export async function bulkUnassigned(ctx: Ctx, input: BulkInput): Promise<BulkUnassignedResult> {
  requireRole(ctx, 'manager');
  const count = await ctx.db.transaction(async (tx) => {
    if (input.action === 'activate') {
      const quota = await lockPeopleQuota(tx, ctx.accountId);
      const ids = await lockUnassigned(tx, ctx.accountId, input.ids);
      const room = quota.maxPeople > 0 ? Math.max(0, quota.maxPeople - quota.activeCount) : Number.POSITIVE_INFINITY;
      if (ids.length > room) {
        throw new AppError(
          409,
          'PLAN_LIMIT',
          `Your plan allows ${quota.maxPeople} active people and has room for ${room} more; ${ids.length} were ` +
            'chosen. Nobody was activated. Upgrade your plan or activate fewer people.',
        );
      }
      if (ids.length > 0) {
        await tx.execute(sql`
          update people set status = 'active', name = coalesce(nullif(trim(name), ''), email, person_identifier, 'Unnamed'),
                 updated_at = now()
           where id = any(${uuidArray(ids)})`);
      }
      return ids.length;
    }
    await holdPresenceInbox(tx);
    const ids = await lockUnassigned(tx, ctx.accountId, input.ids);
    for (const id of ids) await ignoreLocked(tx, id);
    return ids.length;
  });
  await ctx.deps.notify(ctx.accountId, 'people');
  return { success: true, action: input.action, count };
}
