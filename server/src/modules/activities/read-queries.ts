import type { ActivityBlock, ActivityEvent, ActivityPrediction } from '@overlap/contract/activity';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRows } from '../../db/prepared.ts';
import { uuidArray } from '../../db/uuid-array.ts';

/** A half-open interval of time [from, to). */
export interface TimeWindow {
  from: Date;
  to: Date;
}

export type OwnedBlock = ActivityBlock & { personId: string };
export type OwnedEvent = ActivityEvent & { personId: string };
export type OwnedPrediction = ActivityPrediction & { personId: string };

/** Which people to read: a list of ids, or a subquery selecting person ids. */
export type PersonSet = readonly string[] | SQL;

const isEmpty = (people: PersonSet) => Array.isArray(people) && people.length === 0;
const personIn = (column: SQL, people: PersonSet) =>
  Array.isArray(people) ? sql`${column} = any(${uuidArray(people)})` : sql`${column} in (${people as SQL})`;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const minutesBetween = (start: Date, end: Date) => Math.max(0, Math.round((end.getTime() - start.getTime()) / 60_000));

interface BlockRow extends Record<string, unknown> {
  id: string;
  person_id: string;
  kind: string;
  start_time: Date;
  end_time: Date | null;
  timezone_at_start: string;
  metadata: Record<string, unknown>;
  integration_id: string;
  integration_name: string;
  integration_color: string | null;
}

const blockColumns = sql`b.id, b.person_id, b.kind, b.start_time, b.end_time, b.timezone_at_start, b.metadata,
  b.integration_id, i.name as integration_name, i.config->>'color' as integration_color`;

export function toBlock(row: BlockRow, now = new Date()): OwnedBlock {
  const start = new Date(row.start_time);
  const end = row.end_time ? new Date(row.end_time) : null;
  return {
    id: row.id,
    personId: row.person_id,
    kind: row.kind,
    startTime: iso(start),
    endTime: end ? iso(end) : null,
    isOngoing: end === null,
    durationMinutes: minutesBetween(start, end ?? now),
    timezoneAtStart: row.timezone_at_start,
    metadata: row.metadata ?? {},
    integrationName: row.integration_name,
    integrationId: row.integration_id,
    integrationColor: row.integration_color ?? null,
  };
}

/**
 * Blocks of `personIds` overlapping `window`, oldest first. Blocks of a day or less must start at most a
 * day before the window (index range on person and start); ongoing and longer blocks come from the
 * small partial index `activity_blocks_long_idx`. Together they never scan a person's whole history.
 */
export async function findBlocksInWindow(
  db: DbOrTx,
  accountId: string,
  personIds: PersonSet,
  window: TimeWindow,
): Promise<OwnedBlock[]> {
  if (isEmpty(personIds)) return [];
  const inPeople = personIn(sql`b.person_id`, personIds);
  const overlaps = sql`b.start_time < ${window.to} and coalesce(b.end_time, 'infinity') > ${window.from}`;
  const rows = await preparedRows<BlockRow>(
    db,
    sql`
    select ${blockColumns} from activity_blocks b join integrations i on i.id = b.integration_id
    where b.account_id = ${accountId} and ${inPeople} and ${overlaps}
      and b.start_time >= ${window.from}::timestamptz - interval '1 day'
      and b.end_time is not null and b.end_time - b.start_time <= interval '1 day'
    union all
    select ${blockColumns} from activity_blocks b join integrations i on i.id = b.integration_id
    where b.account_id = ${accountId} and ${inPeople} and ${overlaps}
      and (b.end_time is null or b.end_time - b.start_time > interval '1 day')
    order by start_time, id`,
  );
  const now = new Date();
  return rows.map((row) => toBlock(row, now));
}

interface EventRow extends Record<string, unknown> {
  id: string;
  person_id: string;
  kind: string;
  timestamp: Date;
  title: string | null;
  url: string | null;
  external_id: string;
  metadata: Record<string, unknown>;
  integration_name: string;
  integration_kind: string;
  integration_color: string | null;
}

const eventColumns = sql`e.id, e.person_id, e.kind, e.timestamp, e.title, e.url, e.external_id, e.metadata,
  i.name as integration_name, s.provider as integration_kind, i.config->>'color' as integration_color`;
const eventJoins = sql`join integrations i on i.id = e.integration_id join services s on s.id = i.service_id`;

export function toEvent(row: EventRow): OwnedEvent {
  return {
    id: row.id,
    personId: row.person_id,
    kind: row.kind,
    timestamp: iso(row.timestamp),
    title: row.title,
    url: row.url,
    externalId: row.external_id,
    metadata: row.metadata ?? {},
    integrationName: row.integration_name,
    integrationKind: row.integration_kind,
    integrationColor: row.integration_color ?? null,
  };
}

export async function findEventsInWindow(
  db: DbOrTx,
  accountId: string,
  personIds: PersonSet,
  window: TimeWindow,
): Promise<OwnedEvent[]> {
  if (isEmpty(personIds)) return [];
  const rows = await preparedRows<EventRow>(
    db,
    sql`
    select ${eventColumns} from activity_events e ${eventJoins}
    where e.account_id = ${accountId} and ${personIn(sql`e.person_id`, personIds)}
      and e.timestamp >= ${window.from} and e.timestamp < ${window.to}
    order by e.timestamp, e.id`,
  );
  return rows.map(toEvent);
}

interface PredictionRow extends Record<string, unknown> {
  id: string;
  person_id: string;
  start_time: Date;
  end_time: Date;
  timezone_at_start: string;
  confidence: number;
}

/** Predictions overlapping `window` (a prediction spans a day at most). */
export async function findPredictionsInWindow(
  db: DbOrTx,
  accountId: string,
  personIds: PersonSet,
  window: TimeWindow,
  onlyWithFeature?: string,
): Promise<OwnedPrediction[]> {
  if (isEmpty(personIds)) return [];
  const flag = onlyWithFeature
    ? sql`and exists (select 1 from accounts a where a.id = ${accountId} and ${onlyWithFeature} = any(a.features))`
    : sql``;
  const rows = await preparedRows<PredictionRow>(
    db,
    sql`
    select p.id, p.person_id, p.start_time, p.end_time, p.timezone_at_start, p.confidence
    from activity_predictions p
    where p.account_id = ${accountId} and ${personIn(sql`p.person_id`, personIds)} ${flag}
      and p.start_time >= ${window.from}::timestamptz - interval '1 day' and p.start_time < ${window.to}
      and p.end_time > ${window.from}
    order by p.start_time, p.id`,
  );
  const now = Date.now();
  return rows.map((row) => {
    const start = new Date(row.start_time);
    const end = new Date(row.end_time);
    return {
      id: row.id,
      personId: row.person_id,
      startTime: iso(start),
      endTime: iso(end),
      durationMinutes: minutesBetween(start, end),
      timezoneAtStart: row.timezone_at_start,
      confidence: Math.min(1, Math.max(0, Number(row.confidence))),
      isOngoing: start.getTime() <= now && now < end.getTime(),
    };
  });
}

/** Groups rows by person id. */
export function groupByPerson<T extends { personId: string }>(rows: T[]): Map<string, Omit<T, 'personId'>[]> {
  const map = new Map<string, Omit<T, 'personId'>[]>();
  for (const { personId, ...rest } of rows) {
    let list = map.get(personId);
    if (!list) {
      list = [];
      map.set(personId, list);
    }
    list.push(rest);
  }
  return map;
}
