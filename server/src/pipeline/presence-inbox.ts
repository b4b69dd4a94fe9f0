import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import type { PresenceStatus } from '../db/schema/activity.ts';
import { type ApplyPresenceInput, applyPresenceGroups, type PresenceSampleInput } from '../engine/apply-presence.ts';
import { ACTIVE_STATUSES } from '../engine/blocks.ts';
import { cachedStepMinutesFor } from '../engine/step.ts';
import { type IdentityRefresh, refreshIdentities } from './identity.ts';

/** Held by the one transaction, in any process, that applies the inbox; others try again later. */
export const PUMP_LOCK = 4_242_101;
/** Rows applied per transaction: large batches amortise the engine's statements over many pushes. */
export const INBOX_BATCH = 20_000;

export interface InboxEntry {
  accountId: string;
  integrationId: string;
  personIntegrationId: string;
  at: Date;
  status: PresenceStatus;
  timezone: string | null;
  details: Record<string, unknown> | null;
}

const arrayLiteral = (values: string[]) => `{${values.map((v) => JSON.stringify(v)).join(',')}}`;

/** An entry as one element of the JSON array the inbox inserts read with `jsonb_to_recordset`. */
export const inboxRow = (e: InboxEntry) => ({
  a: e.accountId,
  i: e.integrationId,
  pi: e.personIntegrationId,
  at: e.at.toISOString(),
  s: e.status,
  tz: e.timezone,
  d: e.details && Object.keys(e.details).length > 0 ? e.details : null,
});

/** A CTE (`inbox as (insert ...)`) appending entries, for a caller's single-statement write. */
export function inboxInsertCte(entries: InboxEntry[]): SQL {
  const rows = entries.map(inboxRow);
  return sql`inbox as (
    insert into presence_inbox (account_id, integration_id, person_integration_id, at, status, timezone, details)
    select r.a, r.i, r.pi, r.at, r.s, r.tz, r.d
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(a uuid, i uuid, pi uuid, at timestamptz, s text, tz text, d jsonb))`;
}

interface TakenRow extends Record<string, unknown> {
  account_id: string;
  integration_id: string;
  pi: string;
  at_ms: number;
  status: PresenceStatus;
  timezone: string | null;
  details: Record<string, unknown> | null;
}

interface IdentityRow extends Record<string, unknown> {
  pi: string;
  person_id: string;
  person_status: string;
  timezone_manual: string | null;
  timezone_automatic: string | null;
}

export interface DrainResult {
  /** False when another transaction holds the pump: nothing was done. */
  locked: boolean;
  applied: number;
  accountIds: string[];
  /** The batch was full: call again. */
  more: boolean;
}

/**
 * Locks the people of the taken rows in id order (as every identity writer does) and reads them.
 * `for no key update`: it still excludes the other writers of these people, but not the pushes
 * inserting rows that merely reference them (events' foreign keys take a key-share lock).
 */
async function lockIdentities(tx: DbOrTx, pis: string[]): Promise<Map<string, IdentityRow>> {
  const result = await tx.execute<IdentityRow>(sql`
    select pi.id as pi, pi.person_id, p.status as person_status, p.timezone_manual, p.timezone_automatic
      from person_integrations pi
      join people p on p.id = pi.person_id
     where pi.id = any(${arrayLiteral(pis)}::uuid[])
     order by p.id
       for no key update of p`);
  return new Map(result.rows.map((r) => [r.pi, r]));
}

/** The newest sighting of each person-integration, with every sighting's details merged in time order. */
function newestSightings(taken: TakenRow[], identities: Map<string, IdentityRow>): IdentityRefresh[] {
  const byPi = new Map<string, IdentityRefresh>();
  const ordered = [...taken].sort((a, b) => a.at_ms - b.at_ms);
  for (const row of ordered) {
    const identity = identities.get(row.pi);
    if (!identity || identity.person_status === 'ignored') continue;
    const prev = byPi.get(row.pi);
    byPi.set(row.pi, {
      personId: identity.person_id,
      personIntegrationId: row.pi,
      isOnline: ACTIVE_STATUSES.has(row.status),
      seenAt: new Date(row.at_ms),
      status: row.status,
      timezone: row.timezone ?? prev?.timezone ?? null,
      details: row.details || prev?.details ? { ...prev?.details, ...row.details } : null,
    });
  }
  return [...byPi.values()];
}

/**
 * Applies up to `limit` (INBOX_BATCH) inbox rows in one transaction: takes them out of the inbox, locks their
 * people, refreshes lastSeenAt/isOnline/status/timezone once per person-integration, and runs the
 * block engine (samples, blocks, rollups) once for all their integrations. Samples of people ignored since the push,
 * or of person-integrations deleted since, are dropped. A failure rolls everything back, so the rows
 * stay in the inbox for the next attempt.
 */
export async function drainPresenceInbox(db: Db, now?: Date, limit = INBOX_BATCH): Promise<DrainResult> {
  return db.transaction(async (tx) => {
    // Committed without waiting for the WAL flush: the round is one transaction that takes its rows
    // out of the inbox, so a database crash that loses it puts them back, and they are applied again.
    const lock = await tx.execute<{ ok: boolean }>(sql`
      select pg_try_advisory_xact_lock(${PUMP_LOCK}) as ok, set_config('synchronous_commit', 'off', true)`);
    if (!lock.rows[0]?.ok) return { locked: false, applied: 0, accountIds: [], more: false };
    const taken = await tx.execute<TakenRow>(sql`
      delete from presence_inbox
       where ctid = any(array(select ctid from presence_inbox limit ${limit}))
      returning account_id, integration_id, person_integration_id as pi,
                (extract(epoch from at) * 1000)::float8 as at_ms, status, timezone, details`);
    if (taken.rows.length === 0) return { locked: true, applied: 0, accountIds: [], more: false };

    const identities = await lockIdentities(tx, [...new Set(taken.rows.map((r) => r.pi))]);
    await refreshIdentities(tx, newestSightings(taken.rows, identities));

    const byIntegration = new Map<string, { accountId: string; samples: PresenceSampleInput[] }>();
    for (const row of taken.rows) {
      const identity = identities.get(row.pi);
      if (!identity || identity.person_status === 'ignored') continue;
      const entry = byIntegration.get(row.integration_id) ?? { accountId: row.account_id, samples: [] };
      entry.samples.push({
        personIntegrationId: row.pi,
        personId: identity.person_id,
        at: new Date(row.at_ms),
        status: row.status,
        timezone: identity.timezone_manual ?? row.timezone ?? identity.timezone_automatic ?? 'UTC',
      });
      byIntegration.set(row.integration_id, entry);
    }
    // One engine call for every integration of the round.
    const groups: ApplyPresenceInput[] = [];
    let applied = 0;
    for (const [integrationId, { accountId, samples }] of byIntegration) {
      const stepMinutes = await cachedStepMinutesFor(tx, integrationId);
      groups.push({ accountId, integrationId, stepMinutes, samples, now });
      applied += samples.length;
    }
    await applyPresenceGroups(tx, groups);
    return {
      locked: true,
      applied,
      accountIds: [...new Set([...byIntegration.values()].map((e) => e.accountId))],
      more: taken.rows.length === limit,
    };
  });
}

/**
 * For transactions that delete samples, first thing (before any row lock, as the pump takes this
 * lock before its row locks): waits for the pump's round in progress and keeps the pump out until
 * commit.
 */
export async function holdPresenceInbox(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PUMP_LOCK})`);
}

/**
 * Drops the waiting presence that matches `where` (columns of presence_inbox), so deleted activity
 * is not rebuilt from presence pushed just before. Call after holdPresenceInbox.
 */
export async function discardWaitingPresence(tx: DbOrTx, where: SQL): Promise<void> {
  await tx.execute(sql`delete from presence_inbox where ${where}`);
}

/** How many rows wait in the inbox (for the metrics). */
export async function inboxSize(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from presence_inbox`);
  return result.rows[0]?.n ?? 0;
}

/** Whether any presence is still waiting in the inbox (of any process). */
export async function inboxIsEmpty(db: DbOrTx): Promise<boolean> {
  const result = await db.execute<{ empty: boolean }>(sql`select not exists (select 1 from presence_inbox) as empty`);
  return result.rows[0]?.empty ?? true;
}
