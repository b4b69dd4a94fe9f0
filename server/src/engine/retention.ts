import { sql } from 'drizzle-orm';
import { PLANS } from '../core/plans.ts';
import type { DbOrTx } from '../db/client.ts';

/** Per account, the moment before which activity is deleted (accounts of unlimited plans are absent). */
function cutoffsSql(now: Date) {
  const cases = Object.values(PLANS)
    .filter((p) => p.retentionDays !== null)
    .map((p) => `when '${p.id}' then ${p.retentionDays}`)
    .join(' ');
  return sql`select a.id as account_id,
                    ${now.toISOString()}::timestamptz - make_interval(days => r.days) as cutoff
               from accounts a
               cross join lateral (select ${sql.raw(`case a.plan ${cases} else null end`)} as days) r
              where r.days is not null`;
}

export interface RetentionResult {
  blocks: number;
  events: number;
  samples: number;
  predictions: number;
  rollups: number;
}

/** Deletes activity older than each account's plan retention (free: 7 days). Set-based, five statements. */
export async function deleteExpiredActivity(db: DbOrTx, now = new Date()): Promise<RetentionResult> {
  const c = cutoffsSql(now);
  const blocks = await db.execute(sql`
    delete from activity_blocks b using (${c}) c
     where b.account_id = c.account_id and b.end_time is not null and b.end_time < c.cutoff`);
  const events = await db.execute(sql`
    delete from activity_events e using (${c}) c where e.account_id = c.account_id and e.timestamp < c.cutoff`);
  const samples = await db.execute(sql`
    delete from presence_samples s using person_integrations pi, (${c}) c
     where pi.id = s.person_integration_id and pi.account_id = c.account_id and s.at < c.cutoff`);
  const predictions = await db.execute(sql`
    delete from activity_predictions p using (${c}) c where p.account_id = c.account_id and p.end_time < c.cutoff`);
  const rollups = await db.execute(sql`
    delete from person_daily_rollups r using (${c}) c
     where r.account_id = c.account_id and r.day < (c.cutoff at time zone 'UTC')::date - 1`);
  return {
    blocks: blocks.rowCount ?? 0,
    events: events.rowCount ?? 0,
    samples: samples.rowCount ?? 0,
    predictions: predictions.rowCount ?? 0,
    rollups: rollups.rowCount ?? 0,
  };
}

/**
 * Run history (integration_runs; their debug events go with them) is kept this long: beyond the Log
 * tab's last two days and the 30 days of daily statistics.
 */
export const RUN_RETENTION_DAYS = 30;

/** Deletes runs that started more than RUN_RETENTION_DAYS before `now`. */
export async function pruneRuns(db: DbOrTx, now = new Date()): Promise<{ deleted: number }> {
  const result = await db.execute(sql`
    delete from integration_runs
     where started_at < ${now.toISOString()}::timestamptz - make_interval(days => ${RUN_RETENTION_DAYS})`);
  return { deleted: result.rowCount ?? 0 };
}

/** Deletes rate-limit windows (sign-in, sign-up, resets) that ended before `now`. */
export async function pruneRateLimits(db: DbOrTx, now = new Date()): Promise<{ deleted: number }> {
  const result = await db.execute(sql`delete from rate_limits where reset_at < ${now.toISOString()}::timestamptz`);
  return { deleted: result.rowCount ?? 0 };
}

/**
 * The planner's stored day masks (planner_coverage_days) are kept for days this recent: the planner
 * uses them for its last 35 days and the block trigger marks changes up to 40 days back; an older
 * row is never read again.
 */
export const PLANNER_COVERAGE_KEPT_DAYS = 45;

/** Deletes the planner's day masks of days more than PLANNER_COVERAGE_KEPT_DAYS (UTC) before `now`. */
export async function prunePlannerCoverage(db: DbOrTx, now = new Date()): Promise<{ deleted: number }> {
  const result = await db.execute(sql`
    delete from planner_coverage_days
     where day < (${now.toISOString()}::timestamptz at time zone 'UTC')::date - ${PLANNER_COVERAGE_KEPT_DAYS}::int`);
  return { deleted: result.rowCount ?? 0 };
}
