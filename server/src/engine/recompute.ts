import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import type { PresenceStatus } from '../db/schema/activity.ts';
import { type BlockSpan, computeBlocksAround, graceMsFor, type Sample, type TimeRange } from './blocks.ts';
import { type RollupRange, refreshRollupRanges } from './rollups.ts';

/** One person-integration whose blocks must be recomputed around [minAt, maxAt] (epoch ms). */
export interface RecomputeTarget {
  personIntegrationId: string;
  personId: string;
  /** Timezone recorded on new blocks (existing blocks keep theirs). */
  timezone: string;
  minAt: number;
  maxAt: number;
}

type ExistingBlock = {
  id: string;
  pi: string;
  start_ms: number;
  end_ms: number | null;
  edited: boolean;
  timezone_at_start: string;
};

export const isoOf = (ms: number) =>
  Number.isFinite(ms) ? new Date(ms).toISOString() : ms > 0 ? 'infinity' : '-infinity';
const iso = isoOf;

/**
 * Recomputes the blocks of each target from its stored samples: the window grows to cover every
 * block within step + grace of [minAt, maxAt], those blocks are replaced by the engine's answer
 * (edited blocks stay as they are), then rollups follow (or, with deferRollups, the caller refreshes
 * the returned ranges). Four queries plus the rollup refresh.
 */
export async function recomputeBlocks(
  tx: DbOrTx,
  input: {
    accountId: string;
    integrationId: string;
    stepMinutes: number;
    now: Date;
    targets: RecomputeTarget[];
    /** Leave the rollup refresh to the caller, who gets the ranges to refresh instead. */
    deferRollups?: boolean;
  },
): Promise<{ changedPersonIds: string[]; rollupRanges: RollupRange[] }> {
  const { targets } = input;
  if (targets.length === 0) return { changedPersonIds: [], rollupRanges: [] };
  const now = input.now.getTime();
  const stepMs = Math.max(1, input.stepMinutes) * 60_000;
  const graceMs = graceMsFor(stepMs);
  const reach = stepMs + graceMs;

  const near = JSON.stringify(
    targets.map((t) => ({ pi: t.personIntegrationId, lo: iso(t.minAt - reach), hi: iso(t.maxAt + reach) })),
  );
  const existing = await tx.execute<ExistingBlock>(sql`
    select b.id, b.person_integration_id as pi, (extract(epoch from b.start_time) * 1000)::float8 as start_ms,
           (extract(epoch from b.end_time) * 1000)::float8 as end_ms, b.edited_at is not null as edited,
           b.timezone_at_start
    from activity_blocks b
    join jsonb_to_recordset(${near}::jsonb) as w(pi uuid, lo timestamptz, hi timestamptz)
      on b.person_integration_id = w.pi
    where b.start_time <= w.hi and (b.end_time is null or b.end_time >= w.lo)
      -- Blocks opened by events are not presence's to replace (pipeline/event-blocks.ts).
      and (b.edited_at is not null or coalesce(b.metadata->>'source', '') <> 'events')
  `);

  const windows = new Map<string, { lo: number; hi: number; edited: TimeRange[]; replaced: ExistingBlock[] }>();
  for (const t of targets) {
    windows.set(t.personIntegrationId, { lo: t.minAt, hi: t.maxAt, edited: [], replaced: [] });
  }
  for (const b of existing.rows) {
    const w = windows.get(b.pi);
    if (!w) continue;
    const start = b.start_ms;
    const end = b.end_ms ?? Number.POSITIVE_INFINITY;
    if (b.edited) {
      w.edited.push({ start, end });
    } else {
      w.replaced.push(b);
      w.lo = Math.min(w.lo, start);
      w.hi = Math.max(w.hi, end);
    }
  }

  // Samples are read up to a reach past the newest new sample too: a stored inactive sample there
  // ends the last block at its own time, although no block of the window reaches it.
  const maxAtOf = new Map(targets.map((t) => [t.personIntegrationId, t.maxAt]));
  const windowJson = JSON.stringify(
    [...windows.entries()].map(([pi, w]) => ({
      pi,
      lo: iso(w.lo),
      hi: iso(Math.max(w.hi, (maxAtOf.get(pi) ?? w.hi) + reach)),
    })),
  );
  const stored = await tx.execute<{ pi: string; at_ms: number; status: PresenceStatus }>(sql`
    select s.person_integration_id as pi, (extract(epoch from s.at) * 1000)::float8 as at_ms, s.status
    from presence_samples s
    join jsonb_to_recordset(${windowJson}::jsonb) as w(pi uuid, lo timestamptz, hi timestamptz)
      on s.person_integration_id = w.pi and s.at >= w.lo and s.at <= w.hi
  `);
  const samplesByPi = new Map<string, Sample[]>();
  for (const r of stored.rows) {
    const list = samplesByPi.get(r.pi) ?? [];
    list.push({ at: r.at_ms, status: r.status });
    samplesByPi.set(r.pi, list);
  }

  const inserts: { pi: string; personId: string; start: number; end: number | null; last: number; tz: string }[] = [];
  const rollupRanges: RollupRange[] = [];
  for (const t of targets) {
    const w = windows.get(t.personIntegrationId);
    if (!w) continue;
    const blocks: BlockSpan[] = computeBlocksAround(samplesByPi.get(t.personIntegrationId) ?? [], w.edited, {
      stepMs,
      graceMs,
      now,
    });
    const tzByStart = new Map(w.replaced.map((b) => [b.start_ms, b.timezone_at_start]));
    for (const b of blocks) {
      inserts.push({
        pi: t.personIntegrationId,
        personId: t.personId,
        start: b.start,
        end: b.end,
        last: b.lastSampleAt,
        tz: tzByStart.get(b.start) ?? t.timezone,
      });
    }
    rollupRanges.push({
      personId: t.personId,
      from: w.lo,
      to: Math.max(Number.isFinite(w.hi) ? w.hi : Math.max(now, t.maxAt), t.maxAt + stepMs),
    });
  }

  const replacedIds = [...windows.values()].flatMap((w) => w.replaced.map((b) => b.id));
  if (replacedIds.length > 0) {
    await tx.execute(sql`delete from activity_blocks where id = any(${`{${replacedIds.join(',')}}`}::uuid[])`);
  }
  if (inserts.length > 0) {
    const blocksJson = JSON.stringify(
      inserts.map((b) => ({
        pi: b.pi,
        person_id: b.personId,
        start_time: iso(b.start),
        end_time: b.end === null ? null : iso(b.end),
        last_sample_at: iso(b.last),
        tz: b.tz,
      })),
    );
    await tx.execute(sql`
      insert into activity_blocks (account_id, person_id, person_integration_id, integration_id, start_time,
                                   end_time, last_sample_at, timezone_at_start)
      select ${input.accountId}::uuid, b.person_id, b.pi, ${input.integrationId}::uuid, b.start_time, b.end_time,
             b.last_sample_at, b.tz
      from jsonb_to_recordset(${blocksJson}::jsonb)
        as b(pi uuid, person_id uuid, start_time timestamptz, end_time timestamptz, last_sample_at timestamptz, tz text)
    `);
  }

  const personIds = [...new Set(targets.map((t) => t.personId))];
  if (!input.deferRollups) await refreshRollupRanges(tx, rollupRanges, new Date(now));
  return { changedPersonIds: personIds, rollupRanges };
}
