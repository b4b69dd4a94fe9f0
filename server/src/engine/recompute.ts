import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import type { PresenceStatus } from '../db/schema/activity.ts';
import {
  type BlockOptions,
  type BlockSpan,
  CADENCE_GAPS,
  computeBlocksAround,
  maxSilenceTimeoutMs,
  type Sample,
  type TimeRange,
} from './blocks.ts';
import { type RollupRange, refreshRollupRanges } from './rollups.ts';
import { silenceTimeoutMsOf, silenceTimeoutSql } from './step.ts';

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

/** One row per block near a target (block columns null when none is), with the target's reach. */
type NearRow = { pi: string; upto_ms: number; silence_timeout: unknown } & (
  | ExistingBlock
  | { id: null; start_ms: null; end_ms: null; edited: null; timezone_at_start: null }
);

export const isoOf = (ms: number) =>
  Number.isFinite(ms) ? new Date(ms).toISOString() : ms > 0 ? 'infinity' : '-infinity';
const iso = isoOf;

/**
 * Recomputes the blocks of each target from its stored samples. A sample's pace depends on the
 * CADENCE_GAPS gaps before it, so samples in [minAt, maxAt] change the decisions up to the
 * CADENCE_GAPS + 1-th stored sample after maxAt (`upto`). The window grows to cover every block
 * within the longest timeout of [minAt, upto], those blocks are replaced by the engine's answer
 * (edited blocks stay as they are; the samples just before the window give the first paces), then
 * rollups follow (or, with deferRollups, the caller refreshes the returned ranges). Three queries
 * plus the rollup refresh.
 */
export async function recomputeBlocks(
  tx: DbOrTx,
  input: {
    accountId: string;
    integrationId: string;
    stepMinutes: number;
    /** The integration's Setup timeout; read from its config when undefined. */
    silenceTimeoutMs?: number | null;
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
  // The reach is the longest timeout any pace can have, so it covers a Setup timeout saved in between.
  const reach = Math.max(
    maxSilenceTimeoutMs({ stepMs }),
    maxSilenceTimeoutMs({ stepMs, silenceTimeoutMs: input.silenceTimeoutMs ?? null }),
  );

  const near = JSON.stringify(
    targets.map((t) => ({ pi: t.personIntegrationId, min_at: iso(t.minAt), max_at: iso(t.maxAt) })),
  );
  const nearRows = await tx.execute<NearRow>(sql`
    with w as (
      select t.pi, t.min_at,
             greatest(t.max_at, coalesce((select max(x.at) from (
               select s.at from presence_samples s where s.person_integration_id = t.pi and s.at > t.max_at
                order by s.at limit ${CADENCE_GAPS + 1}) x), t.max_at)) as upto
        from jsonb_to_recordset(${near}::jsonb) as t(pi uuid, min_at timestamptz, max_at timestamptz)
    )
    select w.pi, (extract(epoch from w.upto) * 1000)::float8 as upto_ms,
           ${input.silenceTimeoutMs === undefined ? silenceTimeoutSql(input.integrationId) : sql`null`} as silence_timeout,
           b.id, (extract(epoch from b.start_time) * 1000)::float8 as start_ms,
           (extract(epoch from b.end_time) * 1000)::float8 as end_ms, b.edited_at is not null as edited,
           b.timezone_at_start
      from w
      left join activity_blocks b
        on b.person_integration_id = w.pi
       and b.start_time <= w.upto + ${reach}::float8 * interval '1 millisecond'
       and (b.end_time is null or b.end_time >= w.min_at - ${reach}::float8 * interval '1 millisecond')
       -- Blocks opened by events are not presence's to replace (pipeline/event-blocks.ts).
       and (b.edited_at is not null or coalesce(b.metadata->>'source', '') <> 'events')
  `);
  const silenceTimeoutMs =
    input.silenceTimeoutMs === undefined
      ? silenceTimeoutMsOf(nearRows.rows[0]?.silence_timeout)
      : input.silenceTimeoutMs;
  const opts: BlockOptions = { stepMs, now, silenceTimeoutMs };

  const windows = new Map<
    string,
    { lo: number; hi: number; upto: number; edited: TimeRange[]; replaced: ExistingBlock[] }
  >();
  for (const t of targets) {
    windows.set(t.personIntegrationId, { lo: t.minAt, hi: t.maxAt, upto: t.maxAt, edited: [], replaced: [] });
  }
  for (const b of nearRows.rows) {
    const w = windows.get(b.pi);
    if (!w) continue;
    w.upto = Math.max(w.upto, b.upto_ms);
    w.hi = Math.max(w.hi, b.upto_ms);
    if (b.id === null) continue;
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

  // Samples are read up to a reach past `upto` too: a stored inactive sample there ends the last
  // block at its own time, although no block of the window reaches it. The CADENCE_GAPS + 1 samples
  // before the window only give paces.
  const windowJson = JSON.stringify(
    [...windows.entries()].map(([pi, w]) => ({ pi, lo: iso(w.lo), hi: iso(Math.max(w.hi, w.upto + reach)) })),
  );
  const stored = await tx.execute<{ pi: string; at_ms: number; status: PresenceStatus; before: boolean }>(sql`
    select s.person_integration_id as pi, (extract(epoch from s.at) * 1000)::float8 as at_ms, s.status,
           false as before
    from presence_samples s
    join jsonb_to_recordset(${windowJson}::jsonb) as w(pi uuid, lo timestamptz, hi timestamptz)
      on s.person_integration_id = w.pi and s.at >= w.lo and s.at <= w.hi
    union all
    select w.pi, p.at_ms, null, true
    from jsonb_to_recordset(${windowJson}::jsonb) as w(pi uuid, lo timestamptz, hi timestamptz)
    cross join lateral (select (extract(epoch from s.at) * 1000)::float8 as at_ms from presence_samples s
                         where s.person_integration_id = w.pi and s.at < w.lo
                         order by s.at desc limit ${CADENCE_GAPS + 1}) p
  `);
  const samplesByPi = new Map<string, Sample[]>();
  const historyByPi = new Map<string, number[]>();
  for (const r of stored.rows) {
    if (r.before) {
      const list = historyByPi.get(r.pi) ?? [];
      list.push(r.at_ms);
      historyByPi.set(r.pi, list);
      continue;
    }
    const list = samplesByPi.get(r.pi) ?? [];
    list.push({ at: r.at_ms, status: r.status });
    samplesByPi.set(r.pi, list);
  }

  const inserts: { pi: string; personId: string; start: number; end: number | null; last: number; tz: string }[] = [];
  const rollupRanges: RollupRange[] = [];
  for (const t of targets) {
    const w = windows.get(t.personIntegrationId);
    if (!w) continue;
    const blocks: BlockSpan[] = computeBlocksAround(
      samplesByPi.get(t.personIntegrationId) ?? [],
      w.edited,
      opts,
      historyByPi.get(t.personIntegrationId) ?? [],
    );
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
      to: Math.max(Number.isFinite(w.hi) ? w.hi : Math.max(now, w.upto), w.upto + reach),
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
