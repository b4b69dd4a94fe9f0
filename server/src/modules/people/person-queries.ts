import type { Person, PersonIntegration } from '@overlap/contract/people';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { eventsOfIdentity } from '../../db/events-of-identity.ts';
import type { PersonStatus } from '../../db/schema/activity.ts';
import { uuidArray } from '../../db/uuid-array.ts';
import { effectiveTimezone } from '../../lib/zoned-time.ts';

export interface PersonBasics extends Record<string, unknown> {
  id: string;
  account_id: string;
  name: string | null;
  email: string | null;
  status: PersonStatus;
  color: string | null;
  timezone_manual: string | null;
  timezone_automatic: string | null;
  is_online: boolean;
  person_identifier: string | null;
  archived_at: Date | null;
  created_at: Date;
  last_seen_at: Date | null;
  is_demo: boolean;
}

export interface PersonRow extends PersonBasics {
  block_count: number;
  event_count: number;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Columns of a person with its block and event counts (index-only counts per person). */
export const personColumns = sql`p.id, p.account_id, p.name, p.email, p.status, p.color, p.timezone_manual,
  p.timezone_automatic, p.is_online, p.person_identifier, p.archived_at, p.created_at, p.last_seen_at, p.is_demo,
  (select count(*) from activity_blocks b where b.person_id = p.id)::int as block_count,
  (select count(*) from activity_events e where e.person_id = p.id)::int as event_count`;

/** People are listed by display name (name, else email, else identifier), then by age. */
export const personOrder = sql`lower(coalesce(p.name, p.email, p.person_identifier, '')), p.created_at, p.id`;

export function timezoneOf(row: Pick<PersonRow, 'timezone_manual' | 'timezone_automatic'>): string {
  return effectiveTimezone(row.timezone_manual, row.timezone_automatic);
}

export function toPerson(row: PersonRow): Person {
  const lastSeenAt = iso(row.last_seen_at);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    color: row.color,
    timezone: timezoneOf(row),
    timezoneSettings: { automatic: row.timezone_automatic, manual: row.timezone_manual },
    isOnline: row.is_online,
    personIdentifier: row.person_identifier,
    isDemo: row.is_demo,
    archivedAt: iso(row.archived_at),
    createdAt: iso(row.created_at) as string,
    details: { lastSeenAt },
    lastSeenAt,
    _count: { activityBlocks: row.block_count, activityEvents: row.event_count },
  };
}

/** One person of the account, or null (another account's person is never found). */
export async function findPersonRow(db: DbOrTx, accountId: string, id: string): Promise<PersonRow | null> {
  const result = await db.execute<PersonRow>(
    sql`select ${personColumns} from people p where p.id = ${id} and p.account_id = ${accountId}`,
  );
  return result.rows[0] ?? null;
}

/** One person of the account without counts (the cheap lookup of the calendars), or null. */
export async function findPersonBasics(db: DbOrTx, accountId: string, id: string): Promise<PersonBasics | null> {
  const result = await db.execute<PersonBasics>(sql`
    select p.id, p.account_id, p.name, p.email, p.status, p.color, p.timezone_manual, p.timezone_automatic,
      p.is_online, p.person_identifier, p.archived_at, p.created_at, p.last_seen_at, p.is_demo
    from people p where p.id = ${id} and p.account_id = ${accountId}`);
  return result.rows[0] ?? null;
}

/** A page of the account's people matching `where`, with the total count and how many of them are demo people. */
export async function findPeoplePage(
  db: DbOrTx,
  accountId: string,
  where: SQL,
  page: number,
  limit: number,
  order: SQL = personOrder,
): Promise<{ rows: PersonRow[]; totalCount: number; demoCount: number }> {
  const [rows, total] = await Promise.all([
    db.execute<PersonRow>(sql`
      select ${personColumns} from people p where p.account_id = ${accountId} and ${where}
      order by ${order} limit ${limit} offset ${(page - 1) * limit}`),
    db.execute<{ n: number; demo: number }>(
      sql`select count(*)::int as n, (count(*) filter (where p.is_demo))::int as demo
            from people p where p.account_id = ${accountId} and ${where}`,
    ),
  ]);
  return { rows: rows.rows, totalCount: total.rows[0]?.n ?? 0, demoCount: total.rows[0]?.demo ?? 0 };
}

/** An active person of the same account with `p`'s e-mail (compared without case), other than `p`. */
const sameEmailActive = sql`from people a where a.account_id = p.account_id and a.status = 'active' and a.id <> p.id
  and p.email is not null and lower(a.email) = lower(p.email)`;

/** Unassigned people whose e-mail matches an active person come first: they are offered for merge. */
export const unassignedOrder = sql`(exists (select 1 ${sameEmailActive})) desc, ${personOrder}`;

/** For each of `ids`, the active person with the same e-mail (the oldest, when several). */
export async function findMergeSuggestions(
  db: DbOrTx,
  accountId: string,
  ids: string[],
): Promise<Map<string, { personId: string; name: string | null }>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{ id: string; person_id: string; name: string | null }>(sql`
    select p.id, s.id as person_id, s.name from people p
      cross join lateral (select a.id, a.name ${sameEmailActive} order by a.created_at, a.id limit 1) s
     where p.account_id = ${accountId} and p.id = any(${uuidArray(ids)})`);
  return new Map(result.rows.map((r) => [r.id, { personId: r.person_id, name: r.name }]));
}

interface PersonIntegrationRow extends Record<string, unknown> {
  id: string;
  person_id: string;
  external_id: string;
  metadata: Record<string, unknown>;
  last_status: string | null;
  last_seen_at: Date | null;
  created_at: Date;
  updated_at: Date;
  integration_id: string;
  integration_name: string;
  integration_color: string | null;
  provider: string;
  service_name: string;
  block_count: number;
  event_count: number;
}

export const personIntegrationColumns = sql`pi.id, pi.person_id, pi.external_id, pi.metadata, pi.last_status,
  pi.last_seen_at, pi.created_at, pi.updated_at, i.id as integration_id, i.name as integration_name,
  i.config->>'color' as integration_color, s.provider, s.name as service_name,
  (select count(*) from activity_blocks b where b.person_integration_id = pi.id)::int as block_count,
  (select count(*) from activity_events e where ${eventsOfIdentity('e', 'pi')})::int as event_count`;
export const personIntegrationJoins = sql`join integrations i on i.id = pi.integration_id
  join services s on s.id = i.service_id`;

export function toPersonIntegration(row: PersonIntegrationRow): PersonIntegration & { personId: string } {
  return {
    id: row.id,
    personId: row.person_id,
    externalId: row.external_id,
    personIdentifier: row.external_id,
    metadata: row.metadata ?? {},
    lastStatus: row.last_status,
    lastSeenAt: iso(row.last_seen_at),
    createdAt: iso(row.created_at) as string,
    updatedAt: iso(row.updated_at) as string,
    integration: {
      id: row.integration_id,
      name: row.integration_name,
      provider: row.provider,
      serviceName: row.service_name,
      color: row.integration_color ?? null,
    },
    _count: { activityBlocks: row.block_count, activityEvents: row.event_count },
  };
}

/** The person-integrations of several people in one query. */
export async function findPersonIntegrations(
  db: DbOrTx,
  accountId: string,
  personIds: readonly string[],
): Promise<Map<string, PersonIntegration[]>> {
  const map = new Map<string, PersonIntegration[]>();
  if (personIds.length === 0) return map;
  const result = await db.execute<PersonIntegrationRow>(sql`
    select ${personIntegrationColumns} from person_integrations pi ${personIntegrationJoins}
    where pi.account_id = ${accountId} and pi.person_id = any(${uuidArray(personIds)})
    order by pi.created_at, pi.id`);
  for (const row of result.rows) {
    const { personId, ...pi } = toPersonIntegration(row);
    map.set(personId, [...(map.get(personId) ?? []), pi]);
  }
  return map;
}

export function pageOf(page: number, limit: number, totalCount: number) {
  const totalPages = Math.ceil(totalCount / limit);
  return { page, limit, totalCount, totalPages, hasNextPage: page < totalPages, hasPreviousPage: page > 1 };
}
