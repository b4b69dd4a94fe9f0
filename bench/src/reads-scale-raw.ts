import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { PREDICTIONS_FEATURE } from '../../server/src/engine/predictions/feature.ts';
import { dayStatement } from '../../server/src/modules/activities/day-json-queries.ts';
import { pastMasksStatement } from '../../server/src/modules/overlap/past-days.ts';
import {
  activePeopleStatement,
  blockSpansByPersonStatement,
  predictedSpansStatement,
} from '../../server/src/modules/overlap/queries.ts';
import { plannerReads } from '../../server/src/modules/overlap/service.ts';

const dialect = new PgDialect();

const count = (result: pg.QueryResult) => result.rowCount ?? 0;

/**
 * The raw SQL of each read, as a plain client would send it (the statements the server's read
 * paths issue, run in parallel where the server runs them in parallel): the baseline of the read
 * bench's ratios. Rows are fetched and parsed by `pg`, nothing else.
 */
const blockColumns = `b.id, b.person_id, b.kind, b.start_time, b.end_time, b.timezone_at_start, b.metadata,
  b.integration_id, i.name as integration_name, i.config->>'color' as integration_color`;

const blocksSql = (people: string) => `
  select ${blockColumns} from activity_blocks b join integrations i on i.id = b.integration_id
  where b.account_id = $1 and b.person_id in (${people}) and b.start_time < $4 and coalesce(b.end_time, 'infinity') > $3
    and b.start_time >= $3::timestamptz - interval '1 day'
    and b.end_time is not null and b.end_time - b.start_time <= interval '1 day'
  union all
  select ${blockColumns} from activity_blocks b join integrations i on i.id = b.integration_id
  where b.account_id = $1 and b.person_id in (${people}) and b.start_time < $4 and coalesce(b.end_time, 'infinity') > $3
    and (b.end_time is null or b.end_time - b.start_time > interval '1 day')
  order by start_time, id`;

const eventsSql = (people: string) => `
  select e.id, e.person_id, e.kind, e.timestamp, e.title, e.url, e.external_id, e.metadata,
    i.name as integration_name, s.provider as integration_kind, i.config->>'color' as integration_color
  from activity_events e join integrations i on i.id = e.integration_id join services s on s.id = i.service_id
  where e.account_id = $1 and e.person_id in (${people}) and e.timestamp >= $3 and e.timestamp < $4
  order by e.timestamp, e.id`;

const predictionsSql = (people: string) => `
  select p.id, p.person_id, p.start_time, p.end_time, p.timezone_at_start, p.confidence
  from activity_predictions p
  where p.account_id = $1 and p.person_id in (${people})
    and exists (select 1 from accounts a where a.id = $1 and 'predictions' = any(a.features))
    and p.start_time >= $3::timestamptz - interval '1 day' and p.start_time < $4 and p.end_time > $3
  order by p.start_time, p.id`;

/**
 * The dashboard day of `personIds` in [from, to): the one statement the server's day read issues
 * (`dayStatement`, the same text and values), as a named prepared statement like the server's.
 */
export async function rawDay(
  pool: pg.Pool,
  accountId: string,
  personIds: string[],
  all: boolean,
  from: Date,
  to: Date,
) {
  const { sql: text, params } = dialect.sqlToQuery(
    dayStatement({
      accountId,
      visiblePeople: all ? undefined : personIds,
      from,
      to,
      now: new Date(),
      feature: PREDICTIONS_FEATURE,
    }),
  );
  const name = `raw_day_${all ? 'all' : 'some'}`;
  return count(await pool.query({ name, text, values: params as unknown[] }));
}

const personSql = `select p.id, p.account_id, p.name, p.email, p.status, p.color, p.timezone_manual, p.timezone_automatic,
  p.is_online, p.person_identifier, p.archived_at, p.created_at, p.last_seen_at from people p where p.id = $1 and p.account_id = $2`;

/** One person's week in [from, to): the person, then blocks, events and predictions in parallel. */
export async function rawWeek(pool: pg.Pool, accountId: string, personId: string, from: Date, to: Date) {
  await pool.query(personSql, [personId, accountId]);
  const one = '$2::uuid';
  const params = [accountId, personId, from, to];
  const [blocks, events, predictions] = await Promise.all([
    pool.query(blocksSql(one), params),
    pool.query(eventsSql(one), params),
    pool.query(predictionsSql(one), params),
  ]);
  return count(blocks) + count(events) + count(predictions);
}

/** One person's year: the person, then the year's daily rollups. */
export async function rawYear(pool: pg.Pool, accountId: string, personId: string, year: number) {
  await pool.query(personSql, [personId, accountId]);
  const rollups = await pool.query(
    `select to_char(day, 'YYYY-MM-DD') as day, minutes_online, blocks, events from person_daily_rollups
     where person_id = $1 and account_id = $2 and day between $3::date and $4::date`,
    [personId, accountId, `${year}-01-01`, `${year}-12-31`],
  );
  return count(rollups);
}

/**
 * The planner's reads, in parallel: the statements the server's planner issues (`plannerReads` and
 * the same statement builders, the same text and values), each a named prepared statement like the
 * server's: the active people, block spans after the finished UTC days (one text per person),
 * predictions, and the finished days' stored masks (the server computes a day's masks once, on the
 * first read after it ends or after its blocks change; this baseline reads the stored ones).
 */
export async function rawOverlap(pool: pg.Pool, accountId: string, from: Date, to: Date, now: Date) {
  const { pastEnd, futureStart, pastDays, blocksFrom } = plannerReads(from, to, now);
  const run = async (name: string, statement: SQL | null) => {
    if (!statement) return 0;
    const { sql: text, params } = dialect.sqlToQuery(statement);
    return count(await pool.query({ name: `raw_overlap_${name}`, text, values: params as unknown[] }));
  };
  const counts = await Promise.all([
    run('people', activePeopleStatement(accountId)),
    run('blocks', pastEnd > blocksFrom ? blockSpansByPersonStatement(accountId, undefined, blocksFrom, pastEnd) : null),
    run('predictions', to > futureStart ? predictedSpansStatement(accountId, undefined, futureStart, to) : null),
    run('masks', pastDays ? pastMasksStatement(accountId, undefined, pastDays) : null),
  ]);
  return counts.reduce((a, b) => a + b, 0);
}
