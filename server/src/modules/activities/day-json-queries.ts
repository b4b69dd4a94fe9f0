import { type SQL, sql } from 'drizzle-orm';
import { uuidArray } from '../../db/uuid-array.ts';

/**
 * The dashboard day as ONE statement: a row per shown person (in list order) with the person's
 * fields and the day's blocks, events and predictions already written as the items of their JSON
 * arrays (`null` when there are none). The same selections as `findBlocksInWindow`,
 * `findEventsInWindow` and `findPredictionsInWindow` in `read-queries.ts`, and each item with
 * exactly the fields, order and values of their mappings (`day-json.test.ts` compares both).
 *
 * One statement is one round trip and one backend instead of four, and the server reads a few
 * long text columns per person instead of ten short ones per item, then only joins them. The
 * items are written with `||`, not `row_to_json`/`to_char` (which cost the database three times
 * the read), and an integration's fields once per integration, not once per item.
 */
export interface DayRow extends Record<string, unknown> {
  id: string;
  name: string | null;
  email: string | null;
  status: 'active' | 'unassigned' | 'ignored';
  color: string | null;
  timezone_manual: string | null;
  timezone_automatic: string | null;
  is_online: boolean;
  /** `toISOString()` of the time, written by PostgreSQL. */
  last_seen_at: string | null;
  person_identifier: string | null;
  is_demo: boolean;
  /** The items of each array, comma-separated, without the brackets; null for none. */
  blocks: string | null;
  events: string | null;
  predictions: string | null;
}

export interface DayStatementInput {
  accountId: string;
  /** Only these people (still only the account's active ones); all of them when absent. */
  visiblePeople?: readonly string[];
  from: Date;
  to: Date;
  /** Ends ongoing blocks' durations and decides which predictions are ongoing. */
  now: Date;
  /** Predictions are read only when the account has this feature. */
  feature: string;
}

/** A time's UTC `timestamp` text, 'YYYY-MM-DD HH:MM:SS' when in whole seconds (DateStyle ISO, as `pg` requires). */
const utcText = (column: SQL) => sql`(${column} at time zone 'UTC')::text`;
/**
 * `column` as `Date.toISOString()` writes it, from its `utcText` (computed once per row): whole
 * seconds by rewriting the text, cheaply; other times by `to_char` (milliseconds truncated, as a
 * `Date` holds them), which costs more as it parses its format on every call.
 */
const iso = (text: SQL, column: SQL) =>
  sql`case when length(${text}) = 19 then replace(${text}, ' ', 'T') || '.000Z'
    else to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end`;
/**
 * `Math.max(0, Math.round(ms / 60000))` between two times as `Date`s hold them (milliseconds
 * truncated): in float8 when the start is in whole seconds (truncating the end changes no
 * rounding then: a half minute is a whole number of seconds), exactly otherwise.
 */
const minutes = (startText: SQL, start: SQL, end: SQL) =>
  sql`greatest(0, case when length(${startText}) = 19 then floor(date_part('epoch', ${end} - ${start}) / 60 + 0.5)::int8
    else round(extract(epoch from date_trunc('milliseconds', ${end}) - date_trunc('milliseconds', ${start})) / 60)::int8 end)`;
/** JSON of a nullable text (`JSON.stringify`), `null` for none. */
const json = (value: SQL) => sql`coalesce(to_json(${value})::text, 'null')`;
/** A jsonb column as text, `{}` when null (as the old mapping wrote it). */
const metadata = (column: SQL) => sql`coalesce(nullif(${column}, 'null'::jsonb), '{}'::jsonb)::text`;

/** The block columns the items are written from: only these travel through the union and the join. */
const blockColumns = sql`b.id, b.person_id, b.integration_id, b.kind, b.start_time, b.end_time, b.timezone_at_start, b.metadata`;

export function dayStatement(input: DayStatementInput): SQL {
  const { accountId, visiblePeople, from, to, feature } = input;
  const now = sql`${input.now}::timestamptz`;
  const blockOverlaps = sql`b.account_id = ${accountId} and b.person_id in (select id from shown)
    and b.start_time < ${to} and coalesce(b.end_time, 'infinity') > ${from}`;
  const blockItem = sql`'{"id":"' || b.id || '","kind":' || to_json(b.kind) || ',"startTime":"' || ${iso(sql`b.start_utc`, sql`b.start_time`)}
    || '","endTime":' || coalesce('"' || ${iso(sql`b.end_utc`, sql`b.end_time`)} || '"', 'null')
    || ',"isOngoing":' || (b.end_time is null)
    || ',"durationMinutes":' || ${minutes(sql`b.start_utc`, sql`b.start_time`, sql`coalesce(b.end_time, ${now})`)}
    || ',"timezoneAtStart":' || to_json(b.timezone_at_start) || ',"metadata":' || ${metadata(sql`b.metadata`)}`;
  const eventItem = sql`'{"id":"' || e.id || '","kind":' || to_json(e.kind) || ',"timestamp":"' || ${iso(utcText(sql`e.timestamp`), sql`e.timestamp`)}
    || '","title":' || ${json(sql`e.title`)} || ',"url":' || ${json(sql`e.url`)}
    || ',"externalId":' || ${json(sql`e.external_id`)} || ',"metadata":' || ${metadata(sql`e.metadata`)}`;
  const predictionItem = sql`'{"id":"' || p.id || '","startTime":"' || ${iso(utcText(sql`p.start_time`), sql`p.start_time`)}
    || '","endTime":"' || ${iso(utcText(sql`p.end_time`), sql`p.end_time`)}
    || '","durationMinutes":' || ${minutes(utcText(sql`p.start_time`), sql`p.start_time`, sql`p.end_time`)}
    || ',"timezoneAtStart":' || to_json(p.timezone_at_start)
    || ',"confidence":' || to_json(least(1, greatest(0, p.confidence)))
    || ',"isOngoing":' || (date_trunc('milliseconds', p.start_time) <= ${now} and ${now} < date_trunc('milliseconds', p.end_time))
    || '}'`;
  return sql`
    with shown as materialized (
      select id from people
      where account_id = ${accountId} and status = 'active' and archived_at is null
        ${visiblePeople ? sql`and id = any(${uuidArray(visiblePeople)})` : sql``}
    ),
    integration_tail as materialized (
      select i.id, ',"integrationName":' || to_json(i.name) || ',"integrationId":"' || i.id
        || '","integrationColor":' || ${json(sql`i.config->>'color'`)} || '}' as block_tail,
        ',"integrationName":' || to_json(i.name) || ',"integrationKind":' || to_json(s.provider)
        || ',"integrationColor":' || ${json(sql`i.config->>'color'`)} || '}' as event_tail
      from integrations i join services s on s.id = i.service_id
      where i.account_id = ${accountId}
    ),
    blocks as (
      select b.person_id, string_agg(${blockItem} || t.block_tail, ',' order by b.start_time, b.id) as items
      from (
        -- The time texts once per row (offset 0 keeps this a subquery): each item uses them twice.
        select b.*, ${utcText(sql`b.start_time`)} as start_utc, ${utcText(sql`b.end_time`)} as end_utc from (
        select ${blockColumns} from activity_blocks b where ${blockOverlaps}
          and b.start_time >= ${from}::timestamptz - interval '1 day'
          and b.end_time is not null and b.end_time - b.start_time <= interval '1 day'
        union all
        select ${blockColumns} from activity_blocks b where ${blockOverlaps}
          and (b.end_time is null or b.end_time - b.start_time > interval '1 day')
        ) b offset 0
      ) b join integration_tail t on t.id = b.integration_id
      group by b.person_id
    ),
    events as (
      select e.person_id, string_agg(${eventItem} || t.event_tail, ',' order by e.timestamp, e.id) as items
      from activity_events e join integration_tail t on t.id = e.integration_id
      where e.account_id = ${accountId} and e.person_id in (select id from shown)
        and e.timestamp >= ${from} and e.timestamp < ${to}
      group by e.person_id
    ),
    predictions as (
      select p.person_id, string_agg(${predictionItem}, ',' order by p.start_time, p.id) as items
      from activity_predictions p
      where p.account_id = ${accountId} and p.person_id in (select id from shown)
        and exists (select 1 from accounts a where a.id = ${accountId} and ${feature} = any(a.features))
        and p.start_time >= ${from}::timestamptz - interval '1 day' and p.start_time < ${to}
        and p.end_time > ${from}
      group by p.person_id
    )
    select p.id, p.name, p.email, p.status, p.color, p.timezone_manual, p.timezone_automatic, p.is_online,
      to_char(p.last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_seen_at,
      p.person_identifier, p.is_demo, bl.items as blocks, ev.items as events, pr.items as predictions
    from people p
      left join blocks bl on bl.person_id = p.id
      left join events ev on ev.person_id = p.id
      left join predictions pr on pr.person_id = p.id
    where p.id in (select id from shown)
    order by lower(coalesce(p.name, p.email, p.person_identifier, '')), p.created_at, p.id`;
}
