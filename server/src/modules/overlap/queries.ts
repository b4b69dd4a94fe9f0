import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRows } from '../../db/prepared.ts';
import { uuidArray } from '../../db/uuid-array.ts';
import { effectiveTimezone } from '../../lib/zoned-time.ts';
import { parseSpanText } from './span-text.ts';
import type { PredictedSpan } from './spans.ts';

/**
 * `column` is one of `personIds`, or, without ids, of the account's active people: read as an array
 * first (so the spans are still looked up person by person in the index, never across accounts),
 * in the same statement, so the spans need not wait for the people's query.
 */
export const personIn = (column: SQL, accountId: string, personIds: readonly string[] | undefined) =>
  personIds
    ? sql`${column} = any(${uuidArray(personIds)})`
    : sql`${column} = any(array(select ap.id from people ap where ap.account_id = ${accountId} and ap.status = 'active' and ap.archived_at is null))`;

export interface PlannedPerson {
  id: string;
  name: string | null;
  timezone: string;
  isOnline: boolean;
}

interface PersonRow extends Record<string, unknown> {
  id: string;
  name: string | null;
  timezone_manual: string | null;
  timezone_automatic: string | null;
  is_online: boolean;
}

const toPerson = (r: PersonRow): PlannedPerson => ({
  id: r.id,
  name: r.name,
  timezone: effectiveTimezone(r.timezone_manual, r.timezone_automatic),
  isOnline: r.is_online,
});

/** The account's active people (only `ids` when given; others' ids simply match nothing), by name. */
export async function findActivePeople(
  db: DbOrTx,
  accountId: string,
  ids?: readonly string[],
): Promise<PlannedPerson[]> {
  if (ids && ids.length === 0) return [];
  const rows = await preparedRows<PersonRow>(db, activePeopleStatement(accountId, ids));
  return rows.map(toPerson);
}

export const activePeopleStatement = (accountId: string, ids?: readonly string[]) => sql`
    select id, coalesce(name, email, person_identifier) as name, timezone_manual, timezone_automatic, is_online
      from people
     where account_id = ${accountId} and status = 'active' and archived_at is null
       ${ids ? sql`and id = any(${uuidArray(ids)})` : sql``}
     order by lower(coalesce(name, email, person_identifier, '')), id`;

/** One person of the account, whatever their status; null when not the account's. */
export async function findAccountPerson(db: DbOrTx, accountId: string, id: string): Promise<PlannedPerson | null> {
  const result = await db.execute<PersonRow>(sql`
    select id, coalesce(name, email, person_identifier) as name, timezone_manual, timezone_automatic, is_online
      from people where account_id = ${accountId} and id = ${id}`);
  const row = result.rows[0];
  return row ? toPerson(row) : null;
}

export interface PersonBlock {
  start: number;
  /** null while ongoing */
  end: number | null;
}

export interface BlockSpan extends PersonBlock {
  personId: string;
}

/**
 * The blocks of `personIds` (every active person without ids) overlapping [from, to) (`blockSpans`
 * below), as one text per person:
 * 'start end start end ...' in epoch milliseconds, '-' for the end of an ongoing block. A person's
 * few dozen blocks travel as one row instead of one row each (the planner reads ~17,000 blocks for
 * 500 people over a week: fewer rows for PostgreSQL to send and for `pg` to parse).
 */
export async function findBlockSpansByPerson(
  db: DbOrTx,
  accountId: string,
  personIds: readonly string[] | undefined,
  from: Date,
  to: Date,
): Promise<Map<string, PersonBlock[]>> {
  const byPerson = new Map<string, PersonBlock[]>();
  if (personIds?.length === 0 || to <= from) return byPerson;
  const rows = await preparedRows<{ person_id: string; spans: string }>(
    db,
    blockSpansByPersonStatement(accountId, personIds, from, to),
  );
  for (const row of rows) byPerson.set(row.person_id, parseSpanText(row.spans));
  return byPerson;
}

export const blockSpansByPersonStatement = (
  accountId: string,
  personIds: readonly string[] | undefined,
  from: Date,
  to: Date,
) => sql`
    select s.person_id, string_agg(s.start_ms || ' ' || coalesce(s.end_ms::text, '-'), ' ') as spans
      from (${blockSpans(accountId, personIds, from, to)}) s
     group by s.person_id`;

/**
 * Start and end of the blocks of `personIds` overlapping [from, to): blocks of a day or less come
 * from the index on (person, start) starting a day before the window, ongoing and longer ones from
 * the partial index of long blocks, so no person's whole history is read.
 */
function blockSpans(accountId: string, personIds: readonly string[] | undefined, from: Date, to: Date) {
  const inPeople = personIn(sql`b.person_id`, accountId, personIds);
  const overlaps = sql`b.start_time < ${to.toISOString()}::timestamptz and coalesce(b.end_time, 'infinity') > ${from.toISOString()}::timestamptz`;
  return sql`
    select b.person_id, (extract(epoch from b.start_time) * 1000)::float8 as start_ms,
           (extract(epoch from b.end_time) * 1000)::float8 as end_ms
      from activity_blocks b
     where b.account_id = ${accountId} and ${inPeople} and ${overlaps}
       and b.start_time >= ${from.toISOString()}::timestamptz - interval '1 day'
       and b.end_time is not null and b.end_time - b.start_time <= interval '1 day'
    union all
    select b.person_id, (extract(epoch from b.start_time) * 1000)::float8,
           (extract(epoch from b.end_time) * 1000)::float8
      from activity_blocks b
     where b.account_id = ${accountId} and ${inPeople} and ${overlaps}
       and (b.end_time is null or b.end_time - b.start_time > interval '1 day')`;
}

/** The blocks of `personIds` overlapping [from, to), one row each. */
export async function findBlockSpans(
  db: DbOrTx,
  accountId: string,
  personIds: readonly string[],
  from: Date,
  to: Date,
): Promise<BlockSpan[]> {
  if (personIds.length === 0 || to <= from) return [];
  const rows = await preparedRows<{ person_id: string; start_ms: number; end_ms: number | null }>(
    db,
    blockSpans(accountId, personIds, from, to),
  );
  return rows.map((r) => ({ personId: r.person_id, start: r.start_ms, end: r.end_ms }));
}

/**
 * Predicted online spans of `personIds` (every active person without ids) overlapping [from, to)
 * (a prediction spans a day at most).
 */
export async function findPredictedSpans(
  db: DbOrTx,
  accountId: string,
  personIds: readonly string[] | undefined,
  from: Date,
  to: Date,
): Promise<(PredictedSpan & { personId: string })[]> {
  if (personIds?.length === 0 || to <= from) return [];
  const rows = await preparedRows<{ person_id: string; start_ms: number; end_ms: number; confidence: number }>(
    db,
    predictedSpansStatement(accountId, personIds, from, to),
  );
  return rows.map((r) => ({
    personId: r.person_id,
    start: r.start_ms,
    end: r.end_ms,
    confidence: Math.min(1, Math.max(0, Number(r.confidence))),
  }));
}

export const predictedSpansStatement = (
  accountId: string,
  personIds: readonly string[] | undefined,
  from: Date,
  to: Date,
) => sql`
    select p.person_id, (extract(epoch from p.start_time) * 1000)::float8 as start_ms,
           (extract(epoch from p.end_time) * 1000)::float8 as end_ms, p.confidence
      from activity_predictions p
     where p.account_id = ${accountId} and ${personIn(sql`p.person_id`, accountId, personIds)}
       and p.start_time >= ${from.toISOString()}::timestamptz - interval '1 day'
       and p.start_time < ${to.toISOString()}::timestamptz and p.end_time > ${from.toISOString()}::timestamptz
     order by p.start_time`;

/** The first predicted span of the person that has not ended by `now`. */
export async function findNextPrediction(
  db: DbOrTx,
  accountId: string,
  personId: string,
  now: Date,
): Promise<PredictedSpan | null> {
  const result = await db.execute<{ start_ms: number; end_ms: number; confidence: number }>(sql`
    select (extract(epoch from start_time) * 1000)::float8 as start_ms,
           (extract(epoch from end_time) * 1000)::float8 as end_ms, confidence
      from activity_predictions
     where account_id = ${accountId} and person_id = ${personId} and end_time > ${now.toISOString()}::timestamptz
     order by start_time limit 1`);
  const row = result.rows[0];
  return row ? { start: row.start_ms, end: row.end_ms, confidence: Number(row.confidence) } : null;
}
