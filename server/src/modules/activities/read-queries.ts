import type { ActivityBlock, ActivityEvent, ActivityPrediction } from '@overlap/contract/activity';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** A half-open interval of time [from, to). */
export interface TimeWindow {
  from: Date;
  to: Date;
}

export type OwnedBlock = ActivityBlock & { personId: string };
export type OwnedEvent = ActivityEvent & { personId: string };
export type OwnedPrediction = ActivityPrediction & { personId: string };

/** A uuid[] parameter (ids come from the database or from validated input). */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

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
  personIds: readonly string[],
  window: TimeWindow,
): Promise<OwnedBlock[]> {
  if (personIds.length === 0) return [];
  const ids = uuidArray(personIds);
  const overlaps = sql`b.start_time < ${window.to} and coalesce(b.end_time, 'infinity') > ${window.from}`;
  const result = await db.execute<BlockRow>(sql`
    select ${blockColumns} from activity_blocks b join integrations i on i.id = b.integration_id
    where b.account_id = ${accountId} and b.person_id = any(${ids}) and ${overlaps}
      and b.start_time >= ${window.from}::timestamptz - interval '1 day'
      and b.end_time is not null and b.end_time - b.start_time <= interval '1 day'
    union all
    select ${blockColumns} from activity_blocks b join integrations i on i.id = b.integration_id
    where b.account_id = ${accountId} and b.person_id = any(${ids}) and ${overlaps}
      and (b.end_time is null or b.end_time - b.start_time > interval '1 day')
    order by start_time, id`);
  const now = new Date();
  return result.rows.map((row) => toBlock(row, now));
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
  personIds: readonly string[],
  window: TimeWindow,
): Promise<OwnedEvent[]> {
  if (personIds.length === 0) return [];
  const result = await db.execute<EventRow>(sql`
    select ${eventColumns} from activity_events e ${eventJoins}
    where e.account_id = ${accountId} and e.person_id = any(${uuidArray(personIds)})
      and e.timestamp >= ${window.from} and e.timestamp < ${window.to}
    order by e.timestamp, e.id`);
  return result.rows.map(toEvent);
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
  personIds: readonly string[],
  window: TimeWindow,
): Promise<OwnedPrediction[]> {
  if (personIds.length === 0) return [];
  const result = await db.execute<PredictionRow>(sql`
    select p.id, p.person_id, p.start_time, p.end_time, p.timezone_at_start, p.confidence
    from activity_predictions p
    where p.account_id = ${accountId} and p.person_id = any(${uuidArray(personIds)})
      and p.start_time >= ${window.from}::timestamptz - interval '1 day' and p.start_time < ${window.to}
      and p.end_time > ${window.from}
    order by p.start_time, p.id`);
  const now = Date.now();
  return result.rows.map((row) => {
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

/** Whether the account has a feature flag switched on (accounts.features). */
export async function hasFeature(db: DbOrTx, accountId: string, feature: string): Promise<boolean> {
  const result = await db.execute<{ on: boolean }>(
    sql`select ${feature} = any(features) as on from accounts where id = ${accountId}`,
  );
  return result.rows[0]?.on === true;
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
