import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRows } from '../../db/prepared.ts';
import { uuidArray } from '../../db/uuid-array.ts';
import { SLOT_MS } from './planner.ts';
import { blockSpansByPersonStatement, personIn } from './queries.ts';
import { SlotCoverage } from './slot-coverage.ts';
import { parseSpanText } from './span-text.ts';

/**
 * The planner's past days (table planner_coverage_days): for each person and finished UTC day, the
 * half hours their blocks covered for at least half, as 48 bits. The planner reads these instead of
 * the blocks of those days, computes the missing or out-of-date ones from the blocks (with the same
 * code that places live blocks, so the answer is the same bit for bit) and stores them.
 *
 * Exactness: a trigger on activity_blocks raises a day's `version` whenever a block change reaches
 * it (any writer: the engine, syncs, backfills, edits, undo, retention, deletions); a mask counts
 * only while its `mask_version` equals `version`; the mask and the versions it was computed at are
 * read in one statement (one snapshot), so a change committed after that snapshot leaves the mask
 * out of date. The trigger skips changes that reach only today (UTC) — the ingest's steady writes —
 * so a day is used only once it ended SETTLE_MS ago: a write made before midnight would have to be
 * committed more than an hour later to be missed.
 */

export const DAY_MS = 86_400_000;
const SLOTS_PER_DAY = DAY_MS / SLOT_MS;
/** A UTC day is read from masks once it ended this long ago. */
export const SETTLE_MS = 3_600_000;
/** Masks are used for the last HORIZON_DAYS days only (the trigger follows 40 days back). */
export const HORIZON_DAYS = 35;

/** The UTC days [fromDay, toDay) (day numbers since the epoch) whose masks cover [windowStart, end). */
export interface PastDays {
  fromDay: number;
  toDay: number;
  /** Where the masks stop: the window's end or a UTC midnight. */
  end: number;
}

/**
 * The finished UTC days a window can read from masks: only when its half hours are UTC half hours
 * (the viewer's midnight is on one: not so for Asia/Kathmandu or Australia/Eucla), within the horizon.
 */
export function pastDaysOf(windowStart: number, windowEnd: number, now: number): PastDays | null {
  if (windowStart % SLOT_MS !== 0 || windowEnd % SLOT_MS !== 0) return null;
  const fromDay = Math.floor(windowStart / DAY_MS);
  const settled = Math.floor((now - SETTLE_MS) / DAY_MS);
  if (fromDay < Math.floor(now / DAY_MS) - HORIZON_DAYS) return null;
  const end = Math.min(windowEnd, settled * DAY_MS);
  if (end <= windowStart) return null;
  return { fromDay, toDay: Math.ceil(end / DAY_MS), end };
}

const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Per person, the masks of the days in range that are up to date, keyed by day - fromDay. */
export type PastMasks = Map<string, Map<number, number>>;

/** 'day mask day mask …' (day as days after `fromDay`) into a map. */
function parsePairs(text: string | null, into: Map<number, number>): Map<number, number> {
  if (!text) return into;
  const parts = text.split(' ');
  for (let i = 0; i + 1 < parts.length; i += 2) into.set(Number(parts[i]), Number(parts[i + 1]));
  return into;
}

/** The statement reading the up-to-date masks of `personIds` (the active people without ids), one row per person. */
export function pastMasksStatement(accountId: string, personIds: readonly string[] | undefined, days: PastDays) {
  return sql`
    select c.person_id, string_agg((c.day - ${dayText(days.fromDay)}::date) || ' ' || c.online_mask, ' ') as masks
      from planner_coverage_days c
     where ${personIn(sql`c.person_id`, accountId, personIds)}
       and c.day >= ${dayText(days.fromDay)}::date and c.day < ${dayText(days.toDay)}::date
       and c.mask_version = c.version and c.account_id = ${accountId}
     group by c.person_id`;
}

export async function findPastMasks(
  db: DbOrTx,
  accountId: string,
  personIds: readonly string[] | undefined,
  days: PastDays,
): Promise<PastMasks> {
  const masks: PastMasks = new Map();
  if (personIds?.length === 0) return masks;
  const rows = await preparedRows<{ person_id: string; masks: string }>(
    db,
    pastMasksStatement(accountId, personIds, days),
  );
  for (const row of rows) masks.set(row.person_id, parsePairs(row.masks, new Map()));
  return masks;
}

/**
 * Computes the masks of every day in range for `personIds` from their blocks, stores them, and adds
 * them to `masks`. The blocks and the days' versions are read in one statement; a mask is stored
 * with the version it was computed at (never over one computed at a later version).
 */
export async function computePastMasks(
  db: DbOrTx,
  accountId: string,
  personIds: readonly string[],
  days: PastDays,
  masks: PastMasks,
): Promise<void> {
  if (personIds.length === 0) return;
  const from = days.fromDay * DAY_MS;
  const to = days.toDay * DAY_MS;
  const count = days.toDay - days.fromDay;
  const rows = await preparedRows<{ person_id: string; spans: string | null; versions: string | null }>(
    db,
    sql`
    with s as (${blockSpansByPersonStatement(accountId, personIds, new Date(from), new Date(to))}), v as (
      select c.person_id, string_agg((c.day - ${dayText(days.fromDay)}::date) || ' ' || c.version, ' ') as versions
        from planner_coverage_days c
       where c.person_id = any(${uuidArray(personIds)})
         and c.day >= ${dayText(days.fromDay)}::date and c.day < ${dayText(days.toDay)}::date
       group by c.person_id
    )
    select p.id as person_id, s.spans, v.versions
      from unnest(${uuidArray(personIds)}) p(id)
      left join s on s.person_id = p.id
      left join v on v.person_id = p.id`,
  );
  const coverage = new SlotCoverage(from, to, SLOT_MS, count * SLOTS_PER_DAY);
  const ids: string[] = [];
  const dates: string[] = [];
  const values: number[] = [];
  const versions: number[] = [];
  for (const row of rows) {
    const dayMasks = new Array<number>(count).fill(0);
    if (row.spans) {
      coverage.addUnion(parseSpanText(row.spans), to);
      const touched = coverage.touched();
      for (let i = 0; i < touched.length; i++) {
        const k = touched[i] as number;
        if ((coverage.covered[k] as number) * 2 >= SLOT_MS) {
          const d = Math.floor(k / SLOTS_PER_DAY);
          dayMasks[d] = (dayMasks[d] as number) + 2 ** (k - d * SLOTS_PER_DAY);
        }
      }
      coverage.clear();
    }
    const seen = parsePairs(row.versions, new Map());
    const personMasks = masks.get(row.person_id) ?? new Map<number, number>();
    masks.set(row.person_id, personMasks);
    for (let d = 0; d < count; d++) {
      personMasks.set(d, dayMasks[d] as number);
      ids.push(row.person_id);
      dates.push(dayText(days.fromDay + d));
      values.push(dayMasks[d] as number);
      versions.push(seen.get(d) ?? 0);
    }
  }
  await db.execute(sql`
    insert into planner_coverage_days as c (person_id, day, account_id, version, online_mask, mask_version)
    select m.person_id, m.day, ${accountId}, m.version, m.mask, m.version
      from unnest(${uuidArray(ids)}, ${`{${dates.join(',')}}`}::date[],
                  ${`{${values.join(',')}}`}::int8[], ${`{${versions.join(',')}}`}::int4[]) as m(person_id, day, mask, version)
     where exists (select 1 from people p where p.id = m.person_id)
    on conflict (person_id, day) do update
      set online_mask = excluded.online_mask, mask_version = excluded.mask_version
      where c.mask_version is null or c.mask_version <= excluded.mask_version`);
}

/**
 * The slots of a window (from `windowStart`, half hours) before `days.end` in which the person was
 * online according to `dayMasks`, ascending.
 */
export function onlineSlotsOf(dayMasks: Map<number, number>, windowStart: number, days: PastDays): number[] {
  const slots: number[] = [];
  const first = Math.round((windowStart - days.fromDay * DAY_MS) / SLOT_MS);
  const last = Math.round((days.end - days.fromDay * DAY_MS) / SLOT_MS);
  for (let d = 0; d < days.toDay - days.fromDay; d++) {
    let mask = dayMasks.get(d) ?? 0;
    for (let bit = 0; mask > 0; bit++, mask = Math.floor(mask / 2)) {
      if (mask % 2 === 0) continue;
      const k = d * SLOTS_PER_DAY + bit;
      if (k >= first && k < last) slots.push(k - first);
    }
  }
  return slots;
}
