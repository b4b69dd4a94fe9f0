import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { eventsOfIdentity } from '../db/events-of-identity.ts';
import type { TimeRange } from '../engine/blocks.ts';
import { computeEventBursts, EVENT_BURST_GAP_MS, eventBurstWindow } from '../engine/event-bursts.ts';
import { isoOf } from '../engine/recompute.ts';
import type { RollupRange } from '../engine/rollups.ts';

/** Blocks opened by events carry this in their metadata; presence recomputation leaves them alone. */
export const EVENT_BLOCK_SOURCE = 'events';

/** New events of one person-integration (epoch ms). */
export interface EventBlockTarget {
  personIntegrationId: string;
  personId: string;
  /** Recorded on new blocks (existing ones keep theirs). */
  timezone: string;
  times: number[];
}

interface NearBlock extends Record<string, unknown> {
  id: string;
  pi: string;
  start_ms: number;
  end_ms: number | null;
  edited: boolean;
  from_events: boolean;
  timezone_at_start: string;
}

/**
 * Recomputes the activity blocks that events open (engine/event-bursts.ts) around new events, for
 * integrations whose data has no presence: the event blocks in the window are replaced by the
 * engine's answer, edited blocks keep their range. Answers the ranges whose rollups must follow.
 */
export async function recomputeEventBlocks(
  tx: DbOrTx,
  integration: { id: string; accountId: string },
  targets: EventBlockTarget[],
): Promise<RollupRange[]> {
  const live = targets.filter((t) => t.times.length > 0);
  if (live.length === 0) return [];
  const gap = EVENT_BURST_GAP_MS;
  const near = JSON.stringify(
    live.map((t) => ({
      pi: t.personIntegrationId,
      lo: isoOf(Math.min(...t.times) - gap),
      hi: isoOf(Math.max(...t.times) + gap),
    })),
  );
  const blocks = await tx.execute<NearBlock>(sql`
    select b.id, b.person_integration_id as pi, (extract(epoch from b.start_time) * 1000)::float8 as start_ms,
           (extract(epoch from b.end_time) * 1000)::float8 as end_ms, b.edited_at is not null as edited,
           coalesce(b.metadata->>'source', '') = ${EVENT_BLOCK_SOURCE} as from_events, b.timezone_at_start
      from activity_blocks b
      join jsonb_to_recordset(${near}::jsonb) as w(pi uuid, lo timestamptz, hi timestamptz)
        on b.person_integration_id = w.pi
     where b.start_time <= w.hi and coalesce(b.end_time, 'infinity') >= w.lo`);

  const windows = live.map((t) => {
    const mine = blocks.rows.filter((b) => b.pi === t.personIntegrationId);
    const replaceable = mine.filter((b) => b.from_events && !b.edited && b.end_ms !== null);
    const window = eventBurstWindow(
      t.times,
      replaceable.map((b) => ({ start: b.start_ms, end: b.end_ms as number })),
      gap,
    );
    const replaced = replaceable.filter((b) => b.start_ms <= window.end && (b.end_ms as number) >= window.start);
    const edited: TimeRange[] = mine
      .filter((b) => b.edited)
      .map((b) => ({ start: b.start_ms, end: b.end_ms ?? Number.POSITIVE_INFINITY }));
    return { target: t, window, replaced, edited };
  });

  const eventRows = await tx.execute<{ pi: string; at_ms: number }>(sql`
    select e.person_integration_id as pi, (extract(epoch from e.timestamp) * 1000)::float8 as at_ms
      from jsonb_to_recordset(${JSON.stringify(
        windows.map((w) => ({ pi: w.target.personIntegrationId, lo: isoOf(w.window.start), hi: isoOf(w.window.end) })),
      )}::jsonb) as w(pi uuid, lo timestamptz, hi timestamptz)
      join person_integrations pi on pi.id = w.pi
      join activity_events e on ${eventsOfIdentity('e', 'pi')} and e.timestamp >= w.lo and e.timestamp <= w.hi`);

  const inserts: Record<string, unknown>[] = [];
  const ranges: RollupRange[] = [];
  for (const { target, window, replaced, edited } of windows) {
    const times = eventRows.rows.filter((r) => r.pi === target.personIntegrationId).map((r) => r.at_ms);
    const tzByStart = new Map(replaced.map((b) => [b.start_ms, b.timezone_at_start]));
    for (const burst of computeEventBursts(times, edited, gap)) {
      inserts.push({
        pi: target.personIntegrationId,
        person_id: target.personId,
        start_time: isoOf(burst.start),
        end_time: isoOf(burst.end),
        tz: tzByStart.get(burst.start) ?? target.timezone,
        metadata: { source: EVENT_BLOCK_SOURCE, events: burst.instants },
      });
    }
    ranges.push({ personId: target.personId, from: window.start, to: window.end });
  }
  const replacedIds = windows.flatMap((w) => w.replaced.map((b) => b.id));
  if (replacedIds.length > 0) {
    await tx.execute(sql`delete from activity_blocks where id = any(${`{${replacedIds.join(',')}}`}::uuid[])`);
  }
  if (inserts.length > 0) {
    await tx.execute(sql`
      insert into activity_blocks (account_id, person_id, person_integration_id, integration_id, start_time, end_time,
                                   last_sample_at, timezone_at_start, metadata)
      select ${integration.accountId}::uuid, b.person_id, b.pi, ${integration.id}::uuid, b.start_time, b.end_time,
             b.end_time, b.tz, b.metadata
        from jsonb_to_recordset(${JSON.stringify(inserts)}::jsonb)
          as b(pi uuid, person_id uuid, start_time timestamptz, end_time timestamptz, tz text, metadata jsonb)`);
  }
  return ranges;
}
