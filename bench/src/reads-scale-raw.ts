import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { PREDICTIONS_FEATURE } from '../../server/src/engine/predictions/feature.ts';
import { dayStatement } from '../../server/src/modules/activities/day-json-queries.ts';

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
 * The planner's reads, in parallel: the active people, block spans before `now` (one text per
 * person) and predictions after, the spans for the account's active people read as an array inside
 * the same statements.
 */
export async function rawOverlap(pool: pg.Pool, accountId: string, from: Date, to: Date, now: Date) {
  const pastEnd = new Date(Math.min(to.getTime(), now.getTime()));
  const futureStart = new Date(Math.max(from.getTime(), now.getTime() - 30 * 60_000));
  const active = `any(array(select ap.id from people ap where ap.account_id = $1 and ap.status = 'active' and ap.archived_at is null))`;
  const spanColumns = `b.person_id, (extract(epoch from b.start_time) * 1000)::float8 as start_ms,
           (extract(epoch from b.end_time) * 1000)::float8 as end_ms`;
  const inWindow = `b.account_id = $1 and b.person_id = ${active} and b.start_time < $3 and coalesce(b.end_time, 'infinity') > $2`;
  const [people, blocks, predictions] = await Promise.all([
    pool.query(
      `select id, coalesce(name, email, person_identifier) as name, timezone_manual, timezone_automatic, is_online
         from people where account_id = $1 and status = 'active' and archived_at is null
        order by lower(coalesce(name, email, person_identifier, '')), id`,
      [accountId],
    ),
    pool.query(
      `select s.person_id, string_agg(s.start_ms || ' ' || coalesce(s.end_ms::text, '-'), ' ') as spans from (
         select ${spanColumns} from activity_blocks b where ${inWindow}
           and b.start_time >= $2::timestamptz - interval '1 day'
           and b.end_time is not null and b.end_time - b.start_time <= interval '1 day'
         union all
         select ${spanColumns} from activity_blocks b where ${inWindow}
           and (b.end_time is null or b.end_time - b.start_time > interval '1 day')
       ) s group by s.person_id`,
      [accountId, from, pastEnd],
    ),
    pool.query(
      `select p.person_id, (extract(epoch from p.start_time) * 1000)::float8 as start_ms,
              (extract(epoch from p.end_time) * 1000)::float8 as end_ms, p.confidence
         from activity_predictions p
        where p.account_id = $1 and p.person_id = ${active}
          and p.start_time >= $2::timestamptz - interval '1 day' and p.start_time < $3 and p.end_time > $2
        order by p.start_time`,
      [accountId, futureStart, to],
    ),
  ]);
  return count(people) + count(blocks) + count(predictions);
}
