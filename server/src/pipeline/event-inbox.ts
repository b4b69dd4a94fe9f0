import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { arrayLiteral, uuidArray } from '../db/uuid-array.ts';
import type { RollupRange } from '../engine/rollups.ts';
import { refreshRollupRanges } from '../engine/rollups.ts';
import { effectiveTimezone } from '../lib/zoned-time.ts';
import { openEventBlocks } from './events-store.ts';
import { PUMP_LOCK } from './presence-inbox.ts';

/** Events applied per transaction. */
export const EVENT_INBOX_BATCH = 20_000;

/** An event as its inbox row carries it. */
interface InboxEvent extends Record<string, unknown> {
  event_id: string;
  account_id: string;
  integration_id: string;
  person_id: string;
  pi_id: string;
  kind: string;
  /** The event's instant, in milliseconds since the epoch (no Date parsed per event: rounds take thousands). */
  at_ms: number;
}

interface PersonRow extends Record<string, unknown> {
  id: string;
  status: string;
  timezone_manual: string | null;
  timezone_automatic: string | null;
}

export interface EventDrainResult {
  /** False when another transaction holds the pump: nothing was done. */
  locked: boolean;
  applied: number;
  accountIds: string[];
  /** The batch was full: call again. */
  more: boolean;
}

/**
 * Applies up to `limit` events of the event inbox in one transaction (holding the pump's lock, as
 * the presence drain does): takes them out of the inbox, locks their people in id order, moves each
 * person-integration's lastSeenAt to its newest event, rebuilds the event blocks around them (for
 * integrations of kind `events`) and refreshes the daily rollups of their people, once for the whole
 * round. Events deleted since the push (their inbox rows went with them) are gone, and events of
 * people ignored since are deleted. Committed
 * without waiting for the WAL flush: a crash that loses the round puts the events back in the inbox.
 */
export async function drainEventInbox(db: Db, limit = EVENT_INBOX_BATCH): Promise<EventDrainResult> {
  return db.transaction(async (tx) => {
    const lock = await tx.execute<{ ok: boolean }>(sql`
      select pg_try_advisory_xact_lock(${PUMP_LOCK}) as ok, set_config('synchronous_commit', 'off', true)`);
    if (!lock.rows[0]?.ok) return { locked: false, applied: 0, accountIds: [], more: false };
    // The inbox rows carry their events (kept in step by the triggers on activity_events: a deleted
    // event's row is gone).
    const taken = await tx.execute<InboxEvent>(sql`
      delete from event_inbox where ctid = any(array(select ctid from event_inbox limit ${limit}))
      returning event_id, account_id, integration_id, person_id, person_integration_id as pi_id, kind,
                (extract(epoch from timestamp) * 1000)::float8 as at_ms`);
    if (taken.rows.length === 0) return { locked: true, applied: 0, accountIds: [], more: false };
    const personIds = new Set<string>();
    const integrationIds = new Set<string>();
    for (const e of taken.rows) {
      personIds.add(e.person_id);
      integrationIds.add(e.integration_id);
    }
    // Their people locked in id order; joined here, not in SQL: the planner cannot know how many
    // rows the inbox gives, and a nested loop over them costs seconds.
    const locked = await tx.execute<PersonRow>(sql`
      select p.id, p.status, p.timezone_manual, p.timezone_automatic from people p
       where p.id = any(${uuidArray([...personIds])})
       order by p.id
         for no key update of p`);
    const kinds = await tx.execute<{ id: string; kind: string }>(sql`
      select i.id, i.kind from integrations i where i.id = any(${uuidArray([...integrationIds])})`);
    const kindOf = new Map(kinds.rows.map((i) => [i.id, i.kind]));
    // People or integrations deleted since the push (their events went with them) and people ignored since.
    const zoneOf = new Map<string, string>();
    for (const p of locked.rows) {
      if (p.status !== 'ignored') zoneOf.set(p.id, effectiveTimezone(p.timezone_manual, p.timezone_automatic));
    }
    const live: InboxEvent[] = [];
    const stray: string[] = [];
    for (const e of taken.rows) {
      if (!zoneOf.has(e.person_id)) stray.push(e.event_id);
      else if (kindOf.has(e.integration_id)) live.push(e);
    }
    // Events written while their person was being ignored (a push reads its people without locking
    // them): the ignore has deleted the person's other events. (A deleted person's identities and
    // their events go with it: triggers.)
    if (stray.length > 0) await tx.execute(sql`delete from activity_events where id = any(${uuidArray(stray)})`);
    await applyEvents(tx, live, kindOf, zoneOf);
    return {
      locked: true,
      applied: live.length,
      accountIds: [...new Set(live.map((e) => e.account_id))],
      more: taken.rows.length === limit,
    };
  });
}

/**
 * The round's live events (`kindOf`: their integrations' kinds; `zoneOf`: their people's effective
 * timezones).
 */
async function applyEvents(
  tx: DbOrTx,
  events: InboxEvent[],
  kindOf: Map<string, string>,
  zoneOf: Map<string, string>,
): Promise<void> {
  if (events.length === 0) return;
  const newest = new Map<string, LastSeen>();
  const byIntegration = new Map<string, { accountId: string; rows: InboxEvent[] }>();
  for (const e of events) {
    const seen = newest.get(e.pi_id);
    if (!seen) newest.set(e.pi_id, { personId: e.person_id, personIntegrationId: e.pi_id, at: e.at_ms });
    else if (seen.at < e.at_ms) seen.at = e.at_ms;
    let group = byIntegration.get(e.integration_id);
    if (!group) {
      group = { accountId: e.account_id, rows: [] };
      byIntegration.set(e.integration_id, group);
    }
    group.rows.push(e);
  }
  await refreshLastSeen(tx, [...newest.values()]);
  // Event blocks (integrations of kind `events`) change the days' online minutes and blocks: their
  // windows are recomputed in full. Otherwise new events only change the event counts of their days.
  const recomputed: RollupRange[] = [];
  for (const [id, { accountId, rows }] of byIntegration) {
    if (kindOf.get(id) !== 'events') continue;
    recomputed.push(...(await openEventBlocks(tx, { id, accountId }, rows)));
  }
  await refreshRollupRanges(tx, recomputed);
  await refreshEventCounts(tx, events, zoneOf);
}

interface LastSeen {
  personId: string;
  personIntegrationId: string;
  /** The newest event's instant, in milliseconds since the epoch. */
  at: number;
}

/**
 * What a round's events change on their identities: each person-integration's lastSeenAt and its
 * person's move up to the newest of its events (never back, as in `refreshIdentities`, which this
 * is for events only: they carry no online state, status, timezone or details). One statement;
 * rows already as recent are left alone.
 */
export async function refreshLastSeen(tx: DbOrTx, refreshes: LastSeen[]): Promise<void> {
  if (refreshes.length === 0) return;
  const persons = refreshes.map((r) => r.personId);
  const pis = refreshes.map((r) => r.personIntegrationId);
  const seen = refreshes.map((r) => r.at);
  await tx.execute(sql`
    with v as (
      select v.person_id, v.pi_id, to_timestamp(v.ms / 1000) as seen
        from unnest(${arrayLiteral(persons)}::uuid[], ${arrayLiteral(pis)}::uuid[], ${arrayLiteral(seen)}::float8[])
          as v(person_id, pi_id, ms)
    ), people_update as (
      update people p
         set last_seen_at = n.seen, updated_at = now()
        from (select v.person_id, max(v.seen) as seen from v group by v.person_id) n
       where p.id = n.person_id and (p.last_seen_at is null or p.last_seen_at < n.seen)
    )
    update person_integrations pi
       set last_seen_at = n.seen, updated_at = now()
      from (select v.pi_id, max(v.seen) as seen from v group by v.pi_id) n
     where pi.id = n.pi_id and (pi.last_seen_at is null or pi.last_seen_at < n.seen)`);
}

/**
 * Brings the event count of each (person, local day) holding one of `events` (a round's events, taken
 * out of the event inbox; `zoneOf` gives their people's effective timezones) up to date, in one statement; the day's online minutes and blocks are left
 * as they are (events outside event blocks do not change them), and a day without a rollup yet gets
 * one with no minutes and no blocks.
 *
 * Incremental where that is exact: when the day's rollup is still the version this function wrote
 * last (its xmin is the one recorded in event_count_marks), nothing else rewrote it since, so it
 * counts every stored event of the day but those still waiting in the inbox, and the round's events
 * are added to it. Otherwise (first event of the day, or the rollup recomputed by someone else, who
 * may have counted waiting events) the day's events are counted again, those still waiting left
 * out: they are added by the round that takes them.
 */
export async function refreshEventCounts(
  tx: DbOrTx,
  events: Pick<InboxEvent, 'person_id' | 'account_id' | 'at_ms'>[],
  zoneOf: Map<string, string>,
): Promise<void> {
  // One entry per (person, instant): its events are counted together. Instants go as milliseconds.
  const entries = new Map<string, Map<number, number>>();
  const persons: string[] = [];
  const accounts: string[] = [];
  const zones: string[] = [];
  const instants: number[] = [];
  const counts: number[] = [];
  for (const e of events) {
    let entry = entries.get(e.person_id);
    if (entry === undefined) {
      entry = new Map();
      entries.set(e.person_id, entry);
    }
    const seen = entry.get(e.at_ms);
    if (seen !== undefined) {
      counts[seen] = (counts[seen] as number) + 1;
      continue;
    }
    entry.set(e.at_ms, persons.length);
    persons.push(e.person_id);
    accounts.push(e.account_id);
    zones.push(zoneOf.get(e.person_id) ?? 'UTC');
    instants.push(e.at_ms);
    counts.push(1);
  }
  if (persons.length === 0) return;
  await tx.execute(sql`
    with x as (
      select x.person_id, x.account_id, x.tz, (to_timestamp(x.ms / 1000) at time zone x.tz)::date as day, x.n
        from unnest(${arrayLiteral(persons)}::uuid[], ${arrayLiteral(accounts)}::uuid[], ${sql.param(zones)}::text[],
                    ${arrayLiteral(instants)}::float8[], ${arrayLiteral(counts)}::int[])
          as x(person_id, account_id, tz, ms, n)
    ),
    d as (
      select x.person_id, x.day, min(x.account_id::text)::uuid as account_id, min(x.tz) as tz, sum(x.n)::int as added
        from x group by x.person_id, x.day
    ),
    cur as (
      select d.*, r.events as was, coalesce(r.xmin::text = m.row_xmin, false) as ours,
             (d.day::timestamp at time zone d.tz) as ws, ((d.day + 1)::timestamp at time zone d.tz) as we
        from d
        left join person_daily_rollups r on r.person_id = d.person_id and r.day = d.day
        left join event_count_marks m on m.person_id = d.person_id and m.day = d.day
    ),
    waiting as (
      select c.person_id, c.day, count(*)::int as n
        from event_inbox i
        join cur c on c.person_id = i.person_id and i.timestamp >= c.ws and i.timestamp < c.we
       where not c.ours
       group by c.person_id, c.day
    ),
    counted as (
      select c.person_id, c.day, c.account_id,
             case when c.ours then c.was + c.added
                  else (select count(*)::int from activity_events e
                         where e.person_id = c.person_id and e.timestamp >= c.ws and e.timestamp < c.we)
                       - coalesce(w.n, 0)
             end as events
        from cur c left join waiting w on w.person_id = c.person_id and w.day = c.day
    ),
    written as (
      insert into person_daily_rollups as r (person_id, day, account_id, minutes_online, blocks, events, updated_at)
      select c.person_id, c.day, c.account_id, 0, 0, c.events, now() from counted c where c.events > 0
      on conflict (person_id, day) do update set events = excluded.events, updated_at = excluded.updated_at
      where r.events is distinct from excluded.events
      returning r.person_id, r.day, r.xmin::text as row_xmin
    )
    insert into event_count_marks as m (person_id, day, row_xmin)
    select person_id, day, row_xmin from written
    on conflict (person_id, day) do update set row_xmin = excluded.row_xmin`);
}

/** Whether any event still waits in the inbox (of any process). */
export async function eventInboxIsEmpty(db: DbOrTx): Promise<boolean> {
  const result = await db.execute<{ empty: boolean }>(sql`select not exists (select 1 from event_inbox) as empty`);
  return result.rows[0]?.empty ?? true;
}
