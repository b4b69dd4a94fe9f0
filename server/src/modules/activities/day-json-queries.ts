import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRows } from '../../db/prepared.ts';
import type { TimeWindow } from './read-queries.ts';

/**
 * The day's blocks, events and predictions written as JSON text, one array per person: the same
 * selections as `findBlocksInWindow`, `findEventsInWindow` and `findPredictionsInWindow`, and each
 * item with exactly the fields, order and formats of `toBlock`, `toEvent` and the predictions
 * mapping in `read-queries.ts` (`day-json.test.ts` compares both on the same data).
 *
 * PostgreSQL sends times as UTC `timestamp` text and `metadata` as its jsonb text, which are cheap
 * to output; the server writes each item with a template instead of parsing rows into `Date`s and
 * objects and stringifying them again. (Building the JSON in PostgreSQL with `row_to_json` and
 * `to_char` was measured too: it cost the database three times the read itself.)
 */
export type ItemsByPerson = Map<string, string>;

/** A timestamptz as UTC `timestamp` text ('YYYY-MM-DD HH:MM:SS[.ffffff]', DateStyle ISO as `pg` requires). */
const utcText = (column: SQL) => sql`(${column} at time zone 'UTC')::text`;
/** A jsonb column as text, `{}` when null (as the old mapping wrote it). */
const metadataText = (column: SQL) => sql`coalesce(nullif(${column}, 'null'::jsonb), '{}'::jsonb)::text`;

/** `toISOString()` of a UTC `timestamp` text: milliseconds truncated, as a `Date` holds them. */
export function isoOfUtcText(text: string): string {
  const fraction = text.length > 20 ? text.slice(20, 23).padEnd(3, '0') : '000';
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
}

const minutesBetween = (startMs: number, endMs: number) => Math.max(0, Math.round((endMs - startMs) / 60_000));
const str = (value: string | null) => JSON.stringify(value);

function collect<T extends { person_id: string }>(rows: T[], write: (row: T) => string): ItemsByPerson {
  const lists = new Map<string, string[]>();
  for (const row of rows) {
    let list = lists.get(row.person_id);
    if (!list) {
      list = [];
      lists.set(row.person_id, list);
    }
    list.push(write(row));
  }
  const items: ItemsByPerson = new Map();
  for (const [personId, list] of lists) items.set(personId, `[${list.join(',')}]`);
  return items;
}

interface BlockTextRow extends Record<string, unknown> {
  id: string;
  person_id: string;
  kind: string;
  start_utc: string;
  end_utc: string | null;
  timezone_at_start: string;
  metadata: string;
  integration_id: string;
  integration_name: string;
  integration_color: string | null;
}

// Ordered by the start's text in the C collation: the same order as the timestamps.
const blockColumns = sql`b.id, b.person_id, b.kind, ${utcText(sql`b.start_time`)} collate "C" as start_utc,
  ${utcText(sql`b.end_time`)} as end_utc, b.timezone_at_start, ${metadataText(sql`b.metadata`)} as metadata,
  b.integration_id, i.name as integration_name, i.config->>'color' as integration_color`;

export async function findBlocksJson(
  db: DbOrTx,
  accountId: string,
  people: SQL,
  window: TimeWindow,
  now: Date,
): Promise<ItemsByPerson> {
  const overlaps = sql`b.start_time < ${window.to} and coalesce(b.end_time, 'infinity') > ${window.from}`;
  const rows = await preparedRows<BlockTextRow>(
    db,
    sql`
    select ${blockColumns} from activity_blocks b join integrations i on i.id = b.integration_id
    where b.account_id = ${accountId} and b.person_id in (${people}) and ${overlaps}
      and b.start_time >= ${window.from}::timestamptz - interval '1 day'
      and b.end_time is not null and b.end_time - b.start_time <= interval '1 day'
    union all
    select ${blockColumns} from activity_blocks b join integrations i on i.id = b.integration_id
    where b.account_id = ${accountId} and b.person_id in (${people}) and ${overlaps}
      and (b.end_time is null or b.end_time - b.start_time > interval '1 day')
    order by start_utc, id`,
  );
  const nowMs = now.getTime();
  return collect(rows, (r) => {
    const start = isoOfUtcText(r.start_utc);
    const end = r.end_utc === null ? null : isoOfUtcText(r.end_utc);
    const minutes = minutesBetween(Date.parse(start), end === null ? nowMs : Date.parse(end));
    return (
      `{"id":"${r.id}","kind":${str(r.kind)},"startTime":"${start}","endTime":${end === null ? 'null' : `"${end}"`},` +
      `"isOngoing":${end === null},"durationMinutes":${minutes},"timezoneAtStart":${str(r.timezone_at_start)},` +
      `"metadata":${r.metadata},"integrationName":${str(r.integration_name)},"integrationId":"${r.integration_id}",` +
      `"integrationColor":${str(r.integration_color)}}`
    );
  });
}

interface EventTextRow extends Record<string, unknown> {
  id: string;
  person_id: string;
  kind: string;
  at_utc: string;
  title: string | null;
  url: string | null;
  external_id: string;
  metadata: string;
  integration_name: string;
  integration_kind: string;
  integration_color: string | null;
}

export async function findEventsJson(
  db: DbOrTx,
  accountId: string,
  people: SQL,
  window: TimeWindow,
): Promise<ItemsByPerson> {
  const rows = await preparedRows<EventTextRow>(
    db,
    sql`
    select e.id, e.person_id, e.kind, ${utcText(sql`e.timestamp`)} as at_utc, e.title, e.url, e.external_id,
      ${metadataText(sql`e.metadata`)} as metadata, i.name as integration_name, s.provider as integration_kind,
      i.config->>'color' as integration_color
    from activity_events e join integrations i on i.id = e.integration_id join services s on s.id = i.service_id
    where e.account_id = ${accountId} and e.person_id in (${people})
      and e.timestamp >= ${window.from} and e.timestamp < ${window.to}
    order by e.timestamp, e.id`,
  );
  return collect(
    rows,
    (r) =>
      `{"id":"${r.id}","kind":${str(r.kind)},"timestamp":"${isoOfUtcText(r.at_utc)}","title":${str(r.title)},` +
      `"url":${str(r.url)},"externalId":${str(r.external_id)},"metadata":${r.metadata},` +
      `"integrationName":${str(r.integration_name)},"integrationKind":${str(r.integration_kind)},` +
      `"integrationColor":${str(r.integration_color)}}`,
  );
}

interface PredictionTextRow extends Record<string, unknown> {
  id: string;
  person_id: string;
  start_utc: string;
  end_utc: string;
  timezone_at_start: string;
  confidence: number;
}

/** Predictions overlapping the window, only when the account has `feature`. */
export async function findPredictionsJson(
  db: DbOrTx,
  accountId: string,
  people: SQL,
  window: TimeWindow,
  now: Date,
  feature: string,
): Promise<ItemsByPerson> {
  const rows = await preparedRows<PredictionTextRow>(
    db,
    sql`
    select p.id, p.person_id, ${utcText(sql`p.start_time`)} as start_utc, ${utcText(sql`p.end_time`)} as end_utc,
      p.timezone_at_start, p.confidence
    from activity_predictions p
    where p.account_id = ${accountId} and p.person_id in (${people})
      and exists (select 1 from accounts a where a.id = ${accountId} and ${feature} = any(a.features))
      and p.start_time >= ${window.from}::timestamptz - interval '1 day' and p.start_time < ${window.to}
      and p.end_time > ${window.from}
    order by p.start_time, p.id`,
  );
  const nowMs = now.getTime();
  return collect(rows, (r) => {
    const start = isoOfUtcText(r.start_utc);
    const end = isoOfUtcText(r.end_utc);
    const startMs = Date.parse(start);
    const endMs = Date.parse(end);
    const confidence = Math.min(1, Math.max(0, Number(r.confidence)));
    return (
      `{"id":"${r.id}","startTime":"${start}","endTime":"${end}","durationMinutes":${minutesBetween(startMs, endMs)},` +
      `"timezoneAtStart":${str(r.timezone_at_start)},"confidence":${JSON.stringify(confidence)},` +
      `"isOngoing":${startMs <= nowMs && nowMs < endMs}}`
    );
  });
}
