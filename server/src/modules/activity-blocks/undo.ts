import { BLOCK_UNDO_MINUTES } from '@overlap/contract/activity-blocks';
import { type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../core/context.ts';
import { conflict, fieldError, notFound } from '../../core/errors.ts';
import type { DbOrTx } from '../../db/client.ts';

const KIND = 'activity-block-undo';

/** What an undo token seals: the deleted rows, as PostgreSQL's row_to_json wrote them. */
interface UndoSnapshot {
  kind: typeof KIND;
  accountId: string;
  expiresAt: number;
  deletedAt: string;
  block: Record<string, unknown> & {
    id: string;
    person_id: string;
    person_integration_id: string;
    start_time: string;
    end_time: string | null;
  };
  samples: Record<string, unknown>[];
  events: Record<string, unknown>[];
}

/**
 * Copies a block about to be deleted, with the samples (or, for a block opened by events, the
 * events) that go with it, into a sealed token: AES-GCM with the server's key, bound to the
 * account, valid for BLOCK_UNDO_MINUTES. Nothing is kept on the server.
 */
export async function sealBlockForUndo(
  ctx: Ctx,
  tx: DbOrTx,
  blockId: string,
  samplesWhere: SQL | null,
  eventsWhere: SQL | null,
  now: Date,
): Promise<string> {
  const result = await tx.execute<{ block: UndoSnapshot['block']; samples: unknown[]; events: unknown[] }>(sql`
    select (select row_to_json(b) from activity_blocks b where b.id = ${blockId}) as block,
           ${samplesWhere ? sql`(select coalesce(json_agg(s), '[]') from presence_samples s where ${samplesWhere})` : sql`'[]'::json`} as samples,
           ${eventsWhere ? sql`(select coalesce(json_agg(e), '[]') from activity_events e where ${eventsWhere})` : sql`'[]'::json`} as events`);
  const row = result.rows[0];
  if (!row?.block) throw notFound('Activity block');
  const snapshot: UndoSnapshot = {
    kind: KIND,
    accountId: ctx.accountId,
    expiresAt: now.getTime() + BLOCK_UNDO_MINUTES * 60_000,
    deletedAt: now.toISOString(),
    block: row.block,
    samples: row.samples as Record<string, unknown>[],
    events: row.events as Record<string, unknown>[],
  };
  return ctx.deps.secrets.encryptJson(snapshot);
}

/** Opens a token of this account that is still valid; anything else is refused with the reason. */
export function openUndoToken(ctx: Ctx, token: string, now: Date): UndoSnapshot {
  let snapshot: UndoSnapshot;
  try {
    snapshot = ctx.deps.secrets.decryptJson<UndoSnapshot>(token);
  } catch {
    throw fieldError('undoToken', 'is not an undo token of this server');
  }
  if (snapshot?.kind !== KIND) throw fieldError('undoToken', 'is not an undo token of this server');
  // Another account's token names a block that does not exist for this one.
  if (snapshot.accountId !== ctx.accountId) throw notFound('Activity block');
  if (now.getTime() > snapshot.expiresAt) {
    throw conflict(`The block was deleted more than ${BLOCK_UNDO_MINUTES} minutes ago and can no longer be restored.`);
  }
  return snapshot;
}

/** Puts the sealed rows back (the block as it was; an ongoing one ends when it was deleted). */
export async function reinsertSnapshot(tx: DbOrTx, snapshot: UndoSnapshot): Promise<void> {
  const { block } = snapshot;
  const owner = await tx.execute(sql`
    select 1 from person_integrations pi
     where pi.id = ${block.person_integration_id} and pi.person_id = ${block.person_id}
       and pi.account_id = ${snapshot.accountId}`);
  if (owner.rows.length === 0) throw notFound('Person');
  const exists = await tx.execute(sql`select 1 from activity_blocks where id = ${block.id}`);
  if (exists.rows.length > 0) throw conflict('This block was already restored.');
  const restored = { ...block, end_time: block.end_time ?? snapshot.deletedAt };
  await tx.execute(sql`
    insert into activity_blocks select * from jsonb_populate_record(null::activity_blocks, ${JSON.stringify(restored)}::jsonb)`);
  if (snapshot.samples.length > 0) {
    await tx.execute(sql`
      insert into presence_samples
      select * from jsonb_populate_recordset(null::presence_samples, ${JSON.stringify(snapshot.samples)}::jsonb)
      on conflict do nothing`);
  }
  if (snapshot.events.length > 0) {
    await tx.execute(sql`
      insert into activity_events
      select * from jsonb_populate_recordset(null::activity_events, ${JSON.stringify(snapshot.events)}::jsonb)
      on conflict do nothing`);
  }
}
