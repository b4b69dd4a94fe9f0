import type { FixBlocksResult, GapReport, IntegrationGap, LongActivityBlock } from '@overlap/contract/maintenance';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type AccountLimitRow, accountLimitSql, limitSettingsOf } from '../../engine/account-limits.ts';
import { isoOf } from '../../engine/recompute.ts';
import { refreshRollups } from '../../engine/rollups.ts';
import { stepMinutesOf } from '../../engine/step.ts';

/** A silence between two successful runs longer than this many sampling steps is a gap. */
export const GAP_STEPS = 3;

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

interface Gap extends IntegrationGap {
  stepMs: number;
  affectedBlockIds: string[];
}

type IntegrationRow = AccountLimitRow & {
  id: string;
  name: string;
  provider: string;
  service_interval: number;
};

/** Gaps between consecutive successful runs of the account's active integrations within [from, to). */
export async function findGaps(db: DbOrTx, accountId: string, from: Date, to: Date, now = new Date()): Promise<Gap[]> {
  const ints = await db.execute<IntegrationRow>(sql`
    select i.id, i.name, s.provider, s.interval_minutes as service_interval,
           ${accountLimitSql}
      from integrations i join services s on s.id = i.service_id join accounts a on a.id = i.account_id
     where i.account_id = ${accountId} and i.status = 'active' and i.archived_at is null`);
  if (ints.rows.length === 0) return [];
  const steps = ints.rows.map((r) => {
    const stepMs =
      stepMinutesOf({
        provider: r.provider,
        serviceIntervalMinutes: r.service_interval,
        account: limitSettingsOf(r),
      }) * 60_000;
    return { id: r.id, name: r.name, step_ms: stepMs, threshold_ms: GAP_STEPS * stepMs };
  });
  const gaps = await db.execute<{
    integration_id: string;
    name: string;
    step_ms: number;
    gap_start: string;
    gap_end: string;
  }>(sql`
    with ints as (
      select * from jsonb_to_recordset(${JSON.stringify(steps)}::jsonb)
        as x(id uuid, name text, step_ms float8, threshold_ms float8)
    ), r as (
      select ru.integration_id, ru.started_at,
             lag(ru.started_at) over (partition by ru.integration_id order by ru.started_at) as prev
        from integration_runs ru
       where ru.account_id = ${accountId} and ru.status = 'success'
         and ru.integration_id in (select id from ints)
         and ru.started_at < ${to.toISOString()}::timestamptz
         and ru.started_at >= ${from.toISOString()}::timestamptz - interval '7 days'
    )
    select r.integration_id, ints.name, ints.step_ms,
           to_json(r.prev)#>>'{}' as gap_start, to_json(r.started_at)#>>'{}' as gap_end
      from r join ints on ints.id = r.integration_id
     where r.prev is not null and r.started_at > ${from.toISOString()}::timestamptz
       and extract(epoch from r.started_at - r.prev) * 1000 > ints.threshold_ms
     order by r.prev, ints.name`);
  if (gaps.rows.length === 0) return [];

  const gapJson = JSON.stringify(
    gaps.rows.map((g, idx) => ({
      idx,
      integration_id: g.integration_id,
      gap_start: g.gap_start,
      gap_end: g.gap_end,
      step_ms: g.step_ms,
    })),
  );
  const affected = await db.execute<{ idx: number; id: string; date: string }>(sql`
    select g.idx, b.id, to_char((b.start_time at time zone b.timezone_at_start)::date, 'YYYY-MM-DD') as date
      from jsonb_to_recordset(${gapJson}::jsonb)
        as g(idx int, integration_id uuid, gap_start timestamptz, gap_end timestamptz, step_ms float8)
      join activity_blocks b on b.integration_id = g.integration_id and b.account_id = ${accountId}
     where b.start_time < g.gap_end
       and coalesce(b.end_time, ${now.toISOString()}::timestamptz) > g.gap_start + make_interval(secs => g.step_ms / 1000)
     order by g.idx, b.start_time`);
  return gaps.rows.map((g, idx) => {
    const rows = affected.rows.filter((a) => a.idx === idx);
    const start = new Date(g.gap_start);
    const end = new Date(g.gap_end);
    return {
      integrationId: g.integration_id,
      integrationName: g.name,
      gapStart: start.toISOString(),
      gapEnd: end.toISOString(),
      durationMinutes: Math.round((end.getTime() - start.getTime()) / 60_000),
      affectedBlocksCount: rows.length,
      affectedDates: [...new Set(rows.map((r) => r.date))].sort(),
      stepMs: g.step_ms,
      affectedBlockIds: rows.map((r) => r.id),
    };
  });
}

/** Blocks that started in [from, to) and lasted at least `minDurationHours` (ongoing ones up to now). */
async function findLongBlocks(
  db: DbOrTx,
  accountId: string,
  from: Date,
  to: Date,
  minDurationHours: number,
  now: Date,
): Promise<LongActivityBlock[]> {
  const rows = await db.execute<{
    id: string;
    person_id: string;
    person_name: string | null;
    integration_name: string;
    start_time: string;
    end_time: string | null;
    hours: number;
    date: string;
  }>(sql`
    select b.id, b.person_id, p.name as person_name, i.name as integration_name,
           to_json(b.start_time)#>>'{}' as start_time, to_json(b.end_time)#>>'{}' as end_time,
           (extract(epoch from coalesce(b.end_time, ${now.toISOString()}::timestamptz) - b.start_time) / 3600)::float8 as hours,
           to_char((b.start_time at time zone b.timezone_at_start)::date, 'YYYY-MM-DD') as date
      from activity_blocks b
      join people p on p.id = b.person_id
      join integrations i on i.id = b.integration_id
     where b.account_id = ${accountId}
       and b.start_time >= ${from.toISOString()}::timestamptz and b.start_time < ${to.toISOString()}::timestamptz
       and coalesce(b.end_time, ${now.toISOString()}::timestamptz) - b.start_time >= make_interval(secs => ${minDurationHours * 3600})
     order by b.start_time`);
  return rows.rows.map((r) => ({
    id: r.id,
    personId: r.person_id,
    personName: r.person_name,
    integrationName: r.integration_name,
    startTime: new Date(r.start_time).toISOString(),
    endTime: r.end_time ? new Date(r.end_time).toISOString() : null,
    durationHours: round(r.hours),
    isOngoing: r.end_time === null,
    date: r.date,
  }));
}

/** The gap report of a calendar month (UTC): long blocks, gaps between runs, affected blocks. */
export async function detectGapsForAccount(
  db: DbOrTx,
  accountId: string,
  input: { year: number; month: number; minDurationHours: number },
  now = new Date(),
): Promise<GapReport> {
  const from = new Date(Date.UTC(input.year, input.month - 1, 1));
  const to = new Date(Date.UTC(input.year, input.month, 1));
  const [longActivityBlocks, gaps] = await Promise.all([
    findLongBlocks(db, accountId, from, to, input.minDurationHours, now),
    findGaps(db, accountId, from, to, now),
  ]);
  const avg = (xs: number[]) => (xs.length === 0 ? 0 : round(xs.reduce((a, b) => a + b, 0) / xs.length));
  return {
    totalLongBlocks: longActivityBlocks.length,
    totalGaps: gaps.length,
    totalAffectedBlocks: new Set(gaps.flatMap((g) => g.affectedBlockIds)).size,
    summary: {
      averageBlockHours: avg(longActivityBlocks.map((b) => b.durationHours)),
      averageGapMinutes: avg(gaps.map((g) => g.durationMinutes)),
    },
    longActivityBlocks,
    gaps: gaps.map(({ stepMs: _s, affectedBlockIds: _a, ...g }) => g),
  };
}

/**
 * Caps every block that runs into a gap at the last successful run before that gap (blocks that
 * started inside the gap are left as they are). Capped blocks are marked edited, so the engine
 * keeps the correction; rollups follow. Looks at gaps of the last `days` days.
 */
export async function fixBlocks(
  db: DbOrTx,
  accountId: string,
  options: { days?: number; now?: Date } = {},
): Promise<FixBlocksResult> {
  const now = options.now ?? new Date();
  const from = new Date(now.getTime() - (options.days ?? 90) * 86_400_000);
  const gaps = await findGaps(db, accountId, from, now, now);
  const caps = new Map<string, number>();
  for (const g of gaps) {
    const at = new Date(g.gapStart).getTime();
    for (const id of g.affectedBlockIds) caps.set(id, Math.min(caps.get(id) ?? Number.POSITIVE_INFINITY, at));
  }
  if (caps.size === 0) {
    return {
      totalBlocksFixed: 0,
      gapsProcessed: gaps.length,
      summary: { totalDurationReduced: 0, averageDurationReduction: 0 },
    };
  }
  const values = JSON.stringify([...caps].map(([id, at]) => ({ id, cap: isoOf(at) })));
  const fixed = await db.execute<{ person_id: string; start_ms: number; old_end_ms: number; new_end_ms: number }>(sql`
    with v as (select * from jsonb_to_recordset(${values}::jsonb) as v(id uuid, cap timestamptz)),
    old as (
      select b.id, coalesce(b.end_time, ${now.toISOString()}::timestamptz) as old_end
        from activity_blocks b join v on v.id = b.id
       where b.account_id = ${accountId}
    )
    update activity_blocks b
       set end_time = v.cap, edited_at = ${now.toISOString()}::timestamptz, updated_at = now()
      from v, old
     where b.id = v.id and old.id = b.id and b.account_id = ${accountId}
       and b.start_time < v.cap and old.old_end > v.cap
    returning b.person_id, (extract(epoch from b.start_time) * 1000)::float8 as start_ms,
              (extract(epoch from old.old_end) * 1000)::float8 as old_end_ms,
              (extract(epoch from v.cap) * 1000)::float8 as new_end_ms`);
  const reductions = fixed.rows.map((r) => (r.old_end_ms - r.new_end_ms) / 60_000);
  if (fixed.rows.length > 0) {
    const fromMs = Math.min(...fixed.rows.map((r) => r.start_ms));
    const toMs = Math.max(...fixed.rows.map((r) => r.old_end_ms));
    await refreshRollups(db, [...new Set(fixed.rows.map((r) => r.person_id))], new Date(fromMs), new Date(toMs), now);
  }
  const total = reductions.reduce((a, b) => a + b, 0);
  return {
    totalBlocksFixed: fixed.rows.length,
    gapsProcessed: gaps.length,
    summary: {
      totalDurationReduced: round(total),
      averageDurationReduction: reductions.length === 0 ? 0 : round(total / reductions.length),
    },
  };
}
