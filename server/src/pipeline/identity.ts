import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { DbOrTx } from '../db/client.ts';
import type { PersonStatus } from '../db/schema/activity.ts';
import { knownIdentityCache } from './identity-cache.ts';
import { type KnownIdentityRow, knownIdentityLookup } from './identity-lookup.ts';
import { assertRoomForUnassigned } from './unassigned-cap.ts';

export interface IdentityInput {
  personIdentifier: string;
  name?: string | null;
  firstname?: string | null;
  timezone?: string | null;
  email?: string | null;
  isOnline?: boolean;
  seenAt?: Date;
  /** The last reported status of this person-integration (presence only). */
  status?: string | null;
  /** Free-form details merged into the person's details. */
  details?: Record<string, unknown> | null;
}

export interface ResolvedIdentity {
  personIntegrationId: string;
  personId: string;
  personStatus: PersonStatus;
  /** Effective timezone: manual ?? automatic ?? 'UTC'. */
  timezone: string;
  created: boolean;
}

type KnownRow = KnownIdentityRow;

/** Later sightings win when one batch names the same identifier twice. */
function dedupe(users: IdentityInput[]): Map<string, IdentityInput> {
  const byId = new Map<string, IdentityInput>();
  for (const u of users) {
    const prev = byId.get(u.personIdentifier);
    if (!prev?.seenAt || (u.seenAt && u.seenAt >= prev.seenAt)) byId.set(u.personIdentifier, u);
  }
  return byId;
}

/**
 * The known identities among `identifiers`, their people locked in one global order (by id) so
 * concurrent pushes touching the same people serialise instead of deadlocking: the lock is held
 * until commit, so the block engine of the next push sees this push's samples and blocks.
 */
async function findKnown(tx: DbOrTx, integrationId: string, identifiers: string[], lock: boolean): Promise<KnownRow[]> {
  const result = await tx.execute<KnownRow>(sql`
    select pi.id as pi_id, pi.external_id, pi.person_id, p.status, p.timezone_manual, p.timezone_automatic
      from person_integrations pi
      join people p on p.id = pi.person_id
     where pi.integration_id = ${integrationId}
       and pi.external_id in (select jsonb_array_elements_text(${JSON.stringify(identifiers)}::jsonb))
     ${lock ? sql`order by p.id for update of p` : sql``}`);
  return result.rows;
}

const nameOf = (u: IdentityInput) => u.name?.trim() || u.firstname?.trim() || u.personIdentifier;

/** Whether the integration is a Demo Data one (its new people are demo people). */
async function isDemoIntegration(tx: DbOrTx, integrationId: string): Promise<boolean> {
  const result = await tx.execute<{ demo: boolean }>(sql`
    select s.provider = 'demo' as demo
      from integrations i join services s on s.id = i.service_id
     where i.id = ${integrationId}`);
  return result.rows[0]?.demo === true;
}

/** Creates the unknown identifiers; returns those another transaction created first. */
async function createUnknown(
  tx: DbOrTx,
  integration: { id: string; accountId: string },
  unknown: IdentityInput[],
  demo: boolean,
): Promise<{ created: Map<string, { personId: string; personIntegrationId: string }>; lost: string[] }> {
  const rows = unknown.map((u) => ({
    person_id: randomUUID(),
    pi_id: randomUUID(),
    ident: u.personIdentifier,
    name: nameOf(u),
    display_name: u.name?.trim() || null,
    email: u.email ?? null,
    tz: u.timezone ?? null,
    online: u.isOnline ?? false,
    seen: u.seenAt?.toISOString() ?? null,
    status: u.status ?? null,
    details: u.details ?? {},
  }));
  const inserted = await tx.execute<{ external_id: string }>(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(person_id uuid, pi_id uuid, ident text, name text, display_name text, email text, tz text,
             online boolean, seen timestamptz, status text, details jsonb)
    ), new_people as (
      insert into people (id, account_id, name, email, status, is_demo, person_identifier, timezone_automatic,
                          is_online, last_seen_at, details)
      select person_id, ${integration.accountId}::uuid, name, email,
             ${demo ? 'active' : 'unassigned'}, ${demo}, ident, tz, online, seen, details
        from input
    )
    insert into person_integrations (id, account_id, person_id, integration_id, external_id, last_status, last_seen_at,
                                     metadata)
    select pi_id, ${integration.accountId}::uuid, person_id, ${integration.id}::uuid, ident, status, seen,
           jsonb_strip_nulls(jsonb_build_object('displayName', display_name, 'email', email))
      from input
    on conflict (integration_id, external_id) do nothing
    returning external_id`);
  const won = new Set(inserted.rows.map((r) => r.external_id));
  const created = new Map<string, { personId: string; personIntegrationId: string }>();
  const orphans: string[] = [];
  const lost: string[] = [];
  for (const r of rows) {
    if (won.has(r.ident)) created.set(r.ident, { personId: r.person_id, personIntegrationId: r.pi_id });
    else {
      orphans.push(r.person_id);
      lost.push(r.ident);
    }
  }
  if (orphans.length > 0) {
    await tx.execute(
      sql`delete from people where id in (select jsonb_array_elements_text(${JSON.stringify(orphans)}::jsonb)::uuid)`,
    );
  }
  return { created, lost };
}

/** What one sighting of a known identity changes on its person and person-integration. */
export interface IdentityRefresh {
  personId: string;
  personIntegrationId: string;
  isOnline?: boolean | null;
  seenAt?: Date | null;
  timezone?: string | null;
  status?: string | null;
  details?: Record<string, unknown> | null;
}

/**
 * Refreshes lastSeenAt, isOnline, last status and automatic timezone of known identities (their
 * people locked by the caller). One statement; rows whose values would not change are left alone;
 * an older sighting never overrides a newer one.
 */
export async function refreshIdentities(tx: DbOrTx, refreshes: IdentityRefresh[]): Promise<void> {
  if (refreshes.length === 0) return;
  const rows = refreshes.map((r) => ({
    person_id: r.personId,
    pi_id: r.personIntegrationId,
    online: r.isOnline ?? null,
    seen: r.seenAt?.toISOString() ?? null,
    tz: r.timezone ?? null,
    status: r.status ?? null,
    details: r.details && Object.keys(r.details).length > 0 ? r.details : null,
  }));
  await tx.execute(sql`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as v(person_id uuid, pi_id uuid, online boolean, seen timestamptz, tz text, status text, details jsonb)
    ), people_next as (
      select p.id,
             greatest(p.last_seen_at, v.seen) as last_seen_at,
             case
               when v.online is null then p.is_online
               when v.seen is null or p.last_seen_at is null or v.seen >= p.last_seen_at then v.online
               else p.is_online end as is_online,
             coalesce(v.tz, p.timezone_automatic) as timezone_automatic,
             case when v.details is null then p.details else p.details || v.details end as details
        from people p join v on p.id = v.person_id
    ), people_update as (
      update people p
         set last_seen_at = n.last_seen_at, is_online = n.is_online, timezone_automatic = n.timezone_automatic,
             details = n.details, updated_at = now()
        from people_next n
       where p.id = n.id
         and (p.last_seen_at, p.is_online, p.timezone_automatic, p.details)
             is distinct from (n.last_seen_at, n.is_online, n.timezone_automatic, n.details)
    ), pi_next as (
      select pi.id,
             greatest(pi.last_seen_at, v.seen) as last_seen_at,
             case
               when v.status is null then pi.last_status
               when v.seen is null or pi.last_seen_at is null or v.seen >= pi.last_seen_at then v.status
               else pi.last_status end as last_status
        from person_integrations pi join v on pi.id = v.pi_id
    )
    update person_integrations pi
       set last_seen_at = n.last_seen_at, last_status = n.last_status, updated_at = now()
      from pi_next n
     where pi.id = n.id
       and (pi.last_seen_at, pi.last_status) is distinct from (n.last_seen_at, n.last_status)`);
}

/**
 * `(integration, personIdentifier)` -> person-integration, batched (a handful of queries for 1,000
 * users). Unknown identifiers become a person-integration and an unassigned person (named from name
 * or firstname, the reported timezone as automatic timezone; a Demo Data integration's people start
 * active and marked as demo); nothing is dropped. Known ones get
 * lastSeenAt, isOnline and the automatic timezone refreshed (a manual timezone wins), their people
 * locked in id order until the caller's commit. Ignored people are returned with personStatus
 * 'ignored' and are not touched.
 *
 * `deferRefresh`: only look up and create (no locks, no refresh), for callers that hand the
 * sightings to the presence pump, which refreshes them with the samples. With `pool` as well, the
 * first lookup is grouped with the concurrent callers' (one statement for the group); with `cached`
 * too, known identities come from this process's short-lived cache (identity-cache.ts says what keeps
 * that safe: push API callers only, whose pump, or for events the push's own statement, reads each
 * person again).
 */
export async function resolveIdentities(
  tx: DbOrTx,
  integration: { id: string; accountId: string },
  users: IdentityInput[],
  options: { deferRefresh?: boolean; pool?: pg.Pool; cached?: boolean } = {},
): Promise<Map<string, ResolvedIdentity>> {
  const byId = dedupe(users);
  const result = new Map<string, ResolvedIdentity>();
  if (byId.size === 0) return result;
  const lock = !options.deferRefresh;

  const identifiers = [...byId.keys()];
  let knownRows = !(options.deferRefresh && options.pool)
    ? await findKnown(tx, integration.id, identifiers, lock)
    : options.cached
      ? await knownIdentityCache(options.pool).find(integration.id, identifiers)
      : await knownIdentityLookup(options.pool).submit({ integrationId: integration.id, identifiers });
  const knownIds = new Set(knownRows.map((r) => r.external_id));
  const unknown = [...byId.values()].filter((u) => !knownIds.has(u.personIdentifier));
  if (unknown.length > 0) {
    // Demo Data's people start active and outside the plan's limits (docs/decisions.md).
    const demo = await isDemoIntegration(tx, integration.id);
    if (!demo) await assertRoomForUnassigned(tx, integration.accountId, unknown.length);
    const { created, lost } = await createUnknown(tx, integration, unknown, demo);
    const personStatus: PersonStatus = demo ? 'active' : 'unassigned';
    for (const [ident, ids] of created) {
      const input = byId.get(ident) as IdentityInput;
      result.set(ident, { ...ids, personStatus, timezone: input.timezone ?? 'UTC', created: true });
    }
    if (lost.length > 0) knownRows = knownRows.concat(await findKnown(tx, integration.id, lost, lock));
  }

  const known = knownRows.map((row) => ({ row, input: byId.get(row.external_id) as IdentityInput }));
  if (!options.deferRefresh) {
    await refreshIdentities(
      tx,
      known
        .filter(({ row }) => row.status !== 'ignored')
        .map(({ row, input }) => ({ personId: row.person_id, personIntegrationId: row.pi_id, ...input })),
    );
  }
  for (const { row, input } of known) {
    result.set(row.external_id, {
      personIntegrationId: row.pi_id,
      personId: row.person_id,
      personStatus: row.status,
      timezone: row.timezone_manual ?? input.timezone ?? row.timezone_automatic ?? 'UTC',
      created: false,
    });
  }
  return result;
}
