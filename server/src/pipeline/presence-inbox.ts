import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import type { PresenceStatus } from '../db/schema/activity.ts';
import { uuidArray } from '../db/uuid-array.ts';
import { type ApplyPresenceInput, applyPresenceGroups, type PresenceSampleInput } from '../engine/apply-presence.ts';
import { ACTIVE_STATUSES } from '../engine/blocks.ts';
import { cachedStepMinutesFor } from '../engine/step.ts';
import { type IdentityRefresh, refreshIdentities } from './identity.ts';

/** Held by the one transaction, in any process, that applies the inbox; others try again later. */
export const PUMP_LOCK = 4_242_101;
/**
 * Samples applied per transaction (a round takes whole pushes until it has at least this many):
 * large batches amortise the engine's statements over many pushes. A full round means the engine is
 * behind, which holds pushes back briefly (the pump's keepUp). On a 2-core machine that reaches
 * about 100,000 samples a second, rounds of 80,000 filled up and held pushes at about 80,000
 * (800 requests/s of 100 users, p99 110 ms); with 160,000 a second's pushes fit in one round
 * (970 requests/s, p99 58 ms), and a round of that size is applied in well under a second
 * (performance.md).
 */
export const INBOX_BATCH = 160_000;

export interface InboxEntry {
  accountId: string;
  integrationId: string;
  personIntegrationId: string;
  at: Date;
  status: PresenceStatus;
  timezone: string | null;
  details: Record<string, unknown> | null;
}

/** An entry as one element of the JSON array the inbox inserts read with `jsonb_to_recordset`. */
const inboxRow = (e: InboxEntry) => ({
  a: e.accountId,
  i: e.integrationId,
  pi: e.personIntegrationId,
  at: e.at.toISOString(),
  s: e.status,
  tz: e.timezone,
  d: e.details && Object.keys(e.details).length > 0 ? e.details : null,
});

/**
 * A CTE (`inbox as (insert ...)`) appending entries, for a caller's single-statement write: one inbox
 * row per account, integration and instant, as a push writes them.
 */
export function inboxInsertCte(entries: InboxEntry[]): SQL {
  const rows = entries.map(inboxRow);
  return sql`inbox as (
    insert into presence_inbox (account_id, integration_id, at, person_integration_ids, statuses, timezones, details_list)
    select r.a, r.i, r.at, array_agg(r.pi order by r.o), array_agg(r.s order by r.o), array_agg(r.tz order by r.o),
           array_agg(r.d order by r.o)
      from rows from (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
             as (a uuid, i uuid, pi uuid, at timestamptz, s text, tz text, d jsonb)) with ordinality
        as r(a, i, pi, at, s, tz, d, o)
     group by r.a, r.i, r.at)`;
}

/** An inbox row as the round takes it: one push's samples, element by element. */
interface TakenPush extends Record<string, unknown> {
  account_id: string;
  integration_id: string;
  at_ms: number;
  pis: string[];
  statuses: PresenceStatus[];
  timezones: (string | null)[];
  details_list: (Record<string, unknown> | null)[];
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
     where pi.id = any(${uuidArray(pis)})
     order by p.id
       for no key update of p`);
  return new Map(result.rows.map((r) => [r.pi, r]));
}

/**
 * Applies about `limit` (INBOX_BATCH) samples, whole pushes, in one transaction: takes them out of the inbox, locks their
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
    // Whole pushes, oldest samples first (a round that applies samples in time order extends blocks;
    // older samples after newer ones make the engine recompute), until the samples of those before
    // reach the limit. The arrays come back as JSON: parsed natively, where the driver's array parser
    // walks each text in JavaScript.
    const pushes = await tx.execute<TakenPush>(sql`
      delete from presence_inbox
       where ctid = any(array(
               select ctid from (
                 select ctid, sum(cardinality(person_integration_ids))
                                over (order by at, received_at rows between unbounded preceding and 1 preceding) as before
                   from presence_inbox) waiting
                where coalesce(before, 0) < ${limit}))
      returning account_id, integration_id, (extract(epoch from at) * 1000)::float8 as at_ms,
                array_to_json(person_integration_ids) as pis, array_to_json(statuses) as statuses,
                array_to_json(timezones) as timezones, array_to_json(details_list) as details_list`);
    // Pushes in time order (those of the same instant in the order taken), so each
    // person-integration's newest sighting comes last, with every sighting's details merged in order.
    const ordered = [...pushes.rows].sort((a, b) => a.at_ms - b.at_ms);
    const pis = new Set<string>();
    let taken = 0;
    for (const p of ordered) {
      for (const pi of p.pis) pis.add(pi);
      taken += p.pis.length;
    }
    if (taken === 0) return { locked: true, applied: 0, accountIds: [], more: false };

    const identities = await lockIdentities(tx, [...pis]);
    const sightings = new Map<string, IdentityRefresh>();
    const byIntegration = new Map<string, { accountId: string; samples: PresenceSampleInput[] }>();
    for (const p of ordered) {
      const at = new Date(p.at_ms);
      let entry = byIntegration.get(p.integration_id);
      for (let k = 0; k < p.pis.length; k++) {
        const pi = p.pis[k] as string;
        const identity = identities.get(pi);
        if (!identity || identity.person_status === 'ignored') continue;
        const status = p.statuses[k] as PresenceStatus;
        const timezone = p.timezones[k] ?? null;
        const details = p.details_list[k] ?? null;
        const seen = sightings.get(pi);
        if (seen) {
          seen.isOnline = ACTIVE_STATUSES.has(status);
          seen.seenAt = at;
          seen.status = status;
          if (timezone !== null) seen.timezone = timezone;
          if (details) seen.details = { ...seen.details, ...details };
        } else {
          sightings.set(pi, {
            personId: identity.person_id,
            personIntegrationId: pi,
            isOnline: ACTIVE_STATUSES.has(status),
            seenAt: at,
            status,
            timezone,
            details: details ? { ...details } : null,
          });
        }
        if (!entry) {
          entry = { accountId: p.account_id, samples: [] };
          byIntegration.set(p.integration_id, entry);
        }
        entry.samples.push({
          personIntegrationId: pi,
          personId: identity.person_id,
          at,
          status,
          timezone: identity.timezone_manual ?? timezone ?? identity.timezone_automatic ?? 'UTC',
        });
      }
    }
    await refreshIdentities(tx, [...sightings.values()]);

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
      more: taken >= limit,
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
 * Drops the waiting samples that match `where`, so deleted activity is not rebuilt from presence
 * pushed just before. `where` sees each waiting sample as `account_id`, `integration_id`, `at`,
 * `person_integration_id`, `status`: a push's other samples stay. Call after holdPresenceInbox.
 */
export async function discardWaitingPresence(tx: DbOrTx, where: SQL): Promise<void> {
  await tx.execute(sql`
    with sample as (
      select i.ctid as row_id, u.person_integration_id as pi, u.status as s, u.timezone as tz, u.details as d, u.ord,
             coalesce((${where}), false) as gone
        from presence_inbox i
        cross join lateral unnest(i.person_integration_ids, i.statuses, i.timezones, i.details_list)
          with ordinality as u(person_integration_id, status, timezone, details, ord)
    ), hit as (
      select row_id, bool_and(gone) as all_gone,
             coalesce(array_agg(pi order by ord) filter (where not gone), '{}') as pis,
             coalesce(array_agg(s order by ord) filter (where not gone), '{}') as ss,
             coalesce(array_agg(tz order by ord) filter (where not gone), '{}') as tzs,
             coalesce(array_agg(d order by ord) filter (where not gone), '{}') as ds
        from sample
       group by row_id
      having bool_or(gone)
    ), emptied as (
      delete from presence_inbox i using hit where i.ctid = hit.row_id and hit.all_gone
    )
    update presence_inbox i
       set person_integration_ids = hit.pis, statuses = hit.ss, timezones = hit.tzs, details_list = hit.ds
      from hit
     where i.ctid = hit.row_id and not hit.all_gone`);
}

/** How many samples wait in the inbox (for the metrics). */
export async function inboxSize(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select coalesce(sum(cardinality(person_integration_ids)), 0)::int as n from presence_inbox`,
  );
  return result.rows[0]?.n ?? 0;
}

/** Whether any presence is still waiting in the inbox (of any process). */
export async function inboxIsEmpty(db: DbOrTx): Promise<boolean> {
  const result = await db.execute<{ empty: boolean }>(sql`select not exists (select 1 from presence_inbox) as empty`);
  return result.rows[0]?.empty ?? true;
}
