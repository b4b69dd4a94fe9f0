import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRows } from '../../db/prepared.ts';
import type { TimeWindow } from './read-queries.ts';

/**
 * The day's blocks, events and predictions as JSON text built by PostgreSQL, one row per person
 * with the person's list already written (`[{...},{...}]`): the server neither parses these rows
 * into objects nor stringifies them. Each item has exactly the fields, order and formats of
 * `toBlock`, `toEvent` and the predictions mapping in `read-queries.ts` (times as
 * `toISOString()` writes them, durations from millisecond-truncated times, `metadata` `{}` when
 * absent); `day-json.test.ts` compares both on the same data. The selections are those of
 * `findBlocksInWindow`, `findEventsInWindow` and `findPredictionsInWindow`.
 */
export interface PersonItemsRow extends Record<string, unknown> {
  person_id: string;
  items: string;
}

/** `toISOString()` of a timestamptz: UTC, milliseconds truncated. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** Milliseconds since the epoch, truncated as a JavaScript `Date` holds them. */
const ms = (value: SQL) => sql`floor(extract(epoch from ${value}) * 1000)`;
/** Whole minutes from `start` to `end`, rounded half up, never negative. */
const minutes = (start: SQL, end: SQL) => sql`greatest(0, round((${ms(end)} - ${ms(start)}) / 60000))::bigint`;
/** A jsonb column as the old mapping wrote it: `{}` when null. */
const metadataOf = (column: SQL) => sql`coalesce(nullif(${column}, 'null'::jsonb), '{}'::jsonb)`;
/** Rows (person_id, sort keys..., j) aggregated into one JSON array per person, in `order`. */
const perPerson = (rows: SQL, order: SQL) =>
  sql`select x.person_id, '[' || string_agg(x.j, ',' order by ${order}) || ']' as items from (${rows}) x group by x.person_id`;

export async function findBlocksJson(
  db: DbOrTx,
  accountId: string,
  people: SQL,
  window: TimeWindow,
  now: Date,
): Promise<PersonItemsRow[]> {
  const nowParam = sql`${now}::timestamptz`;
  const branch = (condition: SQL) => sql`
    select b.person_id, b.start_time, b.id, row_to_json(r)::text as j
    from activity_blocks b join integrations i on i.id = b.integration_id
    cross join lateral (select b.id as "id", b.kind as "kind", ${iso(sql`b.start_time`)} as "startTime",
      ${iso(sql`b.end_time`)} as "endTime", b.end_time is null as "isOngoing",
      ${minutes(sql`b.start_time`, sql`coalesce(b.end_time, ${nowParam})`)} as "durationMinutes",
      b.timezone_at_start as "timezoneAtStart", ${metadataOf(sql`b.metadata`)} as "metadata",
      i.name as "integrationName", b.integration_id as "integrationId",
      i.config->>'color' as "integrationColor") r
    where b.account_id = ${accountId} and b.person_id in (${people})
      and b.start_time < ${window.to} and coalesce(b.end_time, 'infinity') > ${window.from}
      and ${condition}`;
  return preparedRows<PersonItemsRow>(
    db,
    perPerson(
      sql`${branch(sql`b.start_time >= ${window.from}::timestamptz - interval '1 day'
        and b.end_time is not null and b.end_time - b.start_time <= interval '1 day'`)}
      union all
      ${branch(sql`(b.end_time is null or b.end_time - b.start_time > interval '1 day')`)}`,
      sql`x.start_time, x.id`,
    ),
  );
}

export async function findEventsJson(
  db: DbOrTx,
  accountId: string,
  people: SQL,
  window: TimeWindow,
): Promise<PersonItemsRow[]> {
  return preparedRows<PersonItemsRow>(
    db,
    perPerson(
      sql`
      select e.person_id, e.timestamp, e.id, row_to_json(r)::text as j
      from activity_events e join integrations i on i.id = e.integration_id join services s on s.id = i.service_id
      cross join lateral (select e.id as "id", e.kind as "kind", ${iso(sql`e.timestamp`)} as "timestamp",
        e.title as "title", e.url as "url", e.external_id as "externalId", ${metadataOf(sql`e.metadata`)} as "metadata",
        i.name as "integrationName", s.provider as "integrationKind", i.config->>'color' as "integrationColor") r
      where e.account_id = ${accountId} and e.person_id in (${people})
        and e.timestamp >= ${window.from} and e.timestamp < ${window.to}`,
      sql`x.timestamp, x.id`,
    ),
  );
}

/** Predictions overlapping the window, only when the account has `feature`. */
export async function findPredictionsJson(
  db: DbOrTx,
  accountId: string,
  people: SQL,
  window: TimeWindow,
  now: Date,
  feature: string,
): Promise<PersonItemsRow[]> {
  const nowMs = ms(sql`${now}::timestamptz`);
  return preparedRows<PersonItemsRow>(
    db,
    perPerson(
      sql`
      select p.person_id, p.start_time, p.id, row_to_json(r)::text as j
      from activity_predictions p
      cross join lateral (select p.id as "id", ${iso(sql`p.start_time`)} as "startTime", ${iso(sql`p.end_time`)} as "endTime",
        ${minutes(sql`p.start_time`, sql`p.end_time`)} as "durationMinutes", p.timezone_at_start as "timezoneAtStart",
        least(1::real, greatest(0::real, p.confidence)) as "confidence",
        ${ms(sql`p.start_time`)} <= ${nowMs} and ${nowMs} < ${ms(sql`p.end_time`)} as "isOngoing") r
      where p.account_id = ${accountId} and p.person_id in (${people})
        and exists (select 1 from accounts a where a.id = ${accountId} and ${feature} = any(a.features))
        and p.start_time >= ${window.from}::timestamptz - interval '1 day' and p.start_time < ${window.to}
        and p.end_time > ${window.from}`,
      sql`x.start_time, x.id`,
    ),
  );
}
