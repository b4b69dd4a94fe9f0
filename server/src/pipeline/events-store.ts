import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { ProviderEvent } from '../connectors/types.ts';
import type { DbOrTx } from '../db/client.ts';
import { uuidArray } from '../db/uuid-array.ts';
import { refreshRollupRanges } from '../engine/rollups.ts';
import { effectiveTimezone } from '../lib/zoned-time.ts';
import { type EventBlockTarget, recomputeEventBlocks } from './event-blocks.ts';
import { resolveIdentities } from './identity.ts';
import type { RunRecorder } from './run-recorder.ts';

/** An event to store: what a connector reports, or what the push API received. */
export type EventInput = ProviderEvent;

/** An event as `prepareEvents` takes it: its instant a Date, or ISO 8601 text as the push API received it. */
export type PreparableEvent = Omit<EventInput, 'timestamp'> & { timestamp: Date | string };

/** Milliseconds since the epoch of an event's instant. */
const msOf = (t: Date | string) => (typeof t === 'string' ? Date.parse(t) : t.getTime());

export interface StoreEventsResult {
  created: number;
  duplicates: number;
  skipped: number;
}

export interface PrepareEventsOptions {
  /**
   * For events written behind the answer (the push API): the identities' refresh is left to the
   * pump, and known identities come from this process's cache, its misses looked up with concurrent
   * callers' on `pool`. The push's statement takes each event's person again (events-push-commit.ts).
   */
  behind?: { pool: pg.Pool };
}

/** Per-event debug lines kept per run; the rest are summarised in the counts. */
export const DETAILED_EVENTS = 20;

/** An event ready to insert: its person resolved. */
export interface EventRow {
  person_id: string;
  pi_id: string;
  external_id: string;
  kind: string;
  /** The event's instant, in milliseconds since the epoch. */
  at: number;
  title: string | null;
  url: string | null;
  metadata: Record<string, unknown>;
}

export interface PreparedEvents {
  rows: EventRow[];
  /** Events repeated within the call (same externalId). */
  duplicates: number;
  /** Events of ignored people, acknowledged and discarded. */
  skipped: number;
}

/**
 * The events of a call once per externalId with their identities resolved (unknown ones created),
 * those of ignored people counted out (event_skipped); records person_lookup and person_created.
 */
export async function prepareEvents(
  tx: DbOrTx,
  integration: { id: string; accountId: string },
  events: readonly PreparableEvent[],
  run?: RunRecorder,
  options: PrepareEventsOptions = {},
): Promise<PreparedEvents> {
  // Once per externalId (the first one), with its instant.
  const externalIds = new Set<string>();
  const unique: PreparableEvent[] = [];
  const ats: number[] = [];
  for (const e of events) {
    if (externalIds.has(e.externalId)) continue;
    externalIds.add(e.externalId);
    unique.push(e);
    ats.push(msOf(e.timestamp));
  }
  const duplicates = events.length - unique.length;
  if (unique.length === 0) return { rows: [], duplicates, skipped: 0 };

  const latestByPerson = new Map<string, { at: number; name: string | null }>();
  unique.forEach((e, i) => {
    const at = ats[i] as number;
    const prev = latestByPerson.get(e.personIdentifier);
    if (!prev || at > prev.at) {
      latestByPerson.set(e.personIdentifier, { at, name: e.personName ?? prev?.name ?? null });
    }
  });
  const identities = await resolveIdentities(
    tx,
    integration,
    [...latestByPerson].map(([personIdentifier, { at, name }]) => ({
      personIdentifier,
      seenAt: new Date(at),
      name,
    })),
    options.behind ? { deferRefresh: true, pool: options.behind.pool, cached: true } : {},
  );
  run?.debug('person_lookup', {
    people: identities.size,
    created: [...identities.values()].filter((i) => i.created).length,
  });
  for (const [ident, identity] of identities) {
    if (identity.created) run?.debug('person_created', { personIdentifier: ident, personId: identity.personId });
  }

  let skipped = 0;
  const rows: EventRow[] = [];
  unique.forEach((e, i) => {
    const identity = identities.get(e.personIdentifier);
    if (!identity) throw new Error(`identity of ${e.personIdentifier} was not resolved`);
    if (identity.personStatus === 'ignored') {
      skipped++;
      if (skipped <= DETAILED_EVENTS) {
        run?.debug('event_skipped', {
          externalId: e.externalId,
          personIdentifier: e.personIdentifier,
          reason: 'ignored',
        });
      }
      return;
    }
    rows.push({
      person_id: identity.personId,
      pi_id: identity.personIntegrationId,
      external_id: e.externalId,
      kind: e.kind,
      at: ats[i] as number,
      title: e.title ?? null,
      url: e.url ?? null,
      metadata: e.metadata ?? {},
    });
  });
  if (skipped > DETAILED_EVENTS) run?.debug('event_skipped', { count: skipped, reason: 'ignored' });
  return { rows, duplicates, skipped };
}

/**
 * Stores events once per (integration, externalId) (ON CONFLICT DO NOTHING), resolving identities
 * first; events of ignored people are acknowledged and discarded (event_skipped). Refreshes the
 * daily rollups of the people who got new events.
 */
export async function storeEvents(
  tx: DbOrTx,
  integration: { id: string; accountId: string },
  events: EventInput[],
  run?: RunRecorder,
): Promise<StoreEventsResult> {
  return storePreparedEvents(tx, integration, await prepareEvents(tx, integration, events, run), run);
}

/**
 * Stores prepared events. As the push's statement does (events-push-commit.ts), locks the events'
 * person-integrations first (activity_events has no foreign key) and takes each event's person
 * from that lock: an identity merged into another person since it was resolved stores its events
 * under the person it has now. Events whose person-integration is gone, or whose person is ignored
 * now, are skipped.
 */
export async function storePreparedEvents(
  tx: DbOrTx,
  integration: { id: string; accountId: string },
  prepared: PreparedEvents,
  run?: RunRecorder,
): Promise<StoreEventsResult> {
  let { duplicates, skipped } = prepared;
  if (prepared.rows.length === 0) return { created: 0, duplicates, skipped };

  const held = await tx.execute<{ id: string; person_id: string }>(sql`
    with held as materialized (
      select pi.id, pi.person_id from person_integrations pi
       where pi.id = any(${uuidArray([...new Set(prepared.rows.map((r) => r.pi_id))])})
       order by pi.id
         for key share
    )
    select h.id, h.person_id from held h join people p on p.id = h.person_id where p.status <> 'ignored'`);
  const personOf = new Map(held.rows.map((h) => [h.id, h.person_id]));
  const rows: EventRow[] = [];
  for (const r of prepared.rows) {
    const personId = personOf.get(r.pi_id);
    if (personId) rows.push(personId === r.person_id ? r : { ...r, person_id: personId });
  }
  const gone = prepared.rows.length - rows.length;
  if (gone > 0) {
    skipped += gone;
    run?.debug('event_skipped', { count: gone, reason: 'person removed' });
  }
  if (rows.length === 0) return { created: 0, duplicates, skipped };

  const inserted = await tx.execute<{
    external_id: string;
    person_id: string;
    pi_id: string;
    kind: string;
    at_ms: number;
  }>(sql`
    with r as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(person_id uuid, pi_id uuid, external_id text, kind text, at float8, title text, url text, metadata jsonb)
    ), ins as (
      insert into activity_events (account_id, integration_id, person_id, person_integration_id, external_id, kind,
                                   timestamp, title, url, metadata)
      select ${integration.accountId}::uuid, ${integration.id}::uuid, r.person_id, r.pi_id, r.external_id, r.kind,
             to_timestamp(r.at / 1000), r.title, r.url, r.metadata
        from r
      on conflict (integration_id, external_id) do nothing
      returning id, external_id, person_id, person_integration_id as pi_id, kind, timestamp
    )
    select external_id, person_id, pi_id, kind, (extract(epoch from timestamp) * 1000)::float8 as at_ms from ins`);
  const created = inserted.rows.length;
  duplicates += rows.length - created;
  inserted.rows.slice(0, DETAILED_EVENTS).forEach((r) => {
    run?.debug('event_created', { externalId: r.external_id, personId: r.person_id });
  });
  if (created > DETAILED_EVENTS) run?.debug('event_created', { count: created });

  if (created > 0) {
    const times = inserted.rows.map((r) => r.at_ms);
    const from = Math.min(...times);
    const to = Math.max(...times);
    const ranges = [...new Set(inserted.rows.map((r) => r.person_id))].map((personId) => ({ personId, from, to }));
    ranges.push(...(await openEventBlocks(tx, integration, inserted.rows)));
    await refreshRollupRanges(tx, ranges);
  }
  return { created, duplicates, skipped };
}

/** A daily digest, not a moment of work: it opens no block. */
const SUMMARY_KIND = 'google_drive_summary';

/**
 * Integrations of kind `events` (GitHub, GitLab, Google Drive...) have no presence: bursts of their
 * events open activity blocks (engine/event-bursts.ts). Answers the ranges whose rollups follow.
 */
export async function openEventBlocks(
  tx: DbOrTx,
  integration: { id: string; accountId: string },
  rows: {
    person_id: string;
    pi_id: string;
    kind: string;
    /** The event's instant, in milliseconds since the epoch. */
    at_ms: number;
  }[],
) {
  const people = await tx.execute<{ kind: string; id: string; manual: string | null; automatic: string | null }>(sql`
    select i.kind, p.id, p.timezone_manual as manual, p.timezone_automatic as automatic
      from integrations i, people p
     where i.id = ${integration.id}
       and p.id in (select jsonb_array_elements_text(${JSON.stringify([...new Set(rows.map((r) => r.person_id))])}::jsonb)::uuid)`);
  if (people.rows[0]?.kind !== 'events') return [];
  const tzOf = new Map(people.rows.map((p) => [p.id, effectiveTimezone(p.manual, p.automatic)]));
  const targets = new Map<string, EventBlockTarget>();
  for (const r of rows) {
    if (r.kind === SUMMARY_KIND) continue;
    const target = targets.get(r.pi_id) ?? {
      personIntegrationId: r.pi_id,
      personId: r.person_id,
      timezone: tzOf.get(r.person_id) ?? 'UTC',
      times: [],
    };
    target.times.push(r.at_ms);
    targets.set(r.pi_id, target);
  }
  return recomputeEventBlocks(tx, integration, [...targets.values()]);
}
