import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { arrayLiteral } from '../db/uuid-array.ts';
import type { ApiCallRow } from './api-call-log.ts';
import { DETAILED_EVENTS, type EventRow } from './events-store.ts';
import { type Batcher, batcherPerOwner } from './group-batcher.ts';
import { GROUP_MAX_PUSHES, GROUP_MAX_ROWS, GROUP_WINDOW_MS } from './push-commit.ts';
import { MAX_DEBUG_EVENTS_PER_RUN, type RunEventRow, type RunRow } from './run-recorder.ts';

/**
 * What one events push writes: its new events (identities resolved), its run record without
 * integration_complete (the statement adds it, with the count of events it created), and its API
 * call log row without the answer (built by the statement from the same count).
 */
export interface EventsPushWrite {
  integration: { id: string; accountId: string };
  rows: EventRow[];
  /** Events repeated within the push, and events of ignored people: part of the answer. */
  duplicates: number;
  skipped: number;
  run: RunRow;
  runEvents: RunEventRow[];
  apiCall: Omit<ApiCallRow, 'response'> | null;
}

/**
 * One statement for a group of events pushes (prepared once per connection), autocommitted: their
 * events, once per (integration, externalId) as before (`on conflict do nothing`, across the group
 * too), with the new ones in the event inbox (what the pump needs of them); each push's run record with its debug events
 * (event_created for its first new events, integration_complete with its count), its API call log
 * row with the answer, and each integration's last_run_at. Answers each push's count of new events.
 * The events go as arrays ($1 to $8, their instants in milliseconds since the epoch: exact as float8,
 * and cheaper to convert than ISO text), a push's integration and account once per push ($9, $10,
 * indexed by $1); the pushes ($11) and their debug events so far ($12) as JSON; the group's distinct
 * person-integrations ($13); the events' ids ($14, time-ordered: see `timeOrderedIds`).
 *
 * activity_events has no foreign keys: the group's person-integrations are locked once (key share,
 * in id order, before any event is written) instead of once per event, and only the events of those
 * still there are stored. A person-integration deleted before the lock loses its events (counted
 * as skipped, `gone`); one deleted after waits for this statement, and its trigger then deletes the
 * events stored here.
 *
 * The events take their person from that lock, not from the push's identity lookup, which may come
 * from this process's cache (identity-cache.ts): a person-integration merged into another person
 * since stores its events under the person it has now, and one whose person is ignored now has its
 * events counted out as `gone` too. The lock is taken on the person-integrations alone and their
 * people joined after it: a merge locks the person-integrations it moves (mergePerson), so a
 * statement that waited for it reads their new person, which a join inside the locking query would
 * check against the old person's row and drop. An ignore that commits while this statement runs is
 * caught by the pump, which deletes the events of ignored people it takes from the inbox.
 */
const EVENTS_GROUP_SQL = `
with src as (
  select r.ord, r.n, ($9::uuid[])[r.n] as integration_id, ($10::uuid[])[r.n] as account_id, r.id, r.pi_id,
         r.external_id, r.kind, to_timestamp(r.ms / 1000) as ts, r.title, r.url, r.metadata
    from unnest($1::int[], $2::uuid[], $3::text[], $4::text[], $5::float8[], $6::text[], $7::text[],
                $8::jsonb[], $14::uuid[]) with ordinality
      as r(n, pi_id, external_id, kind, ms, title, url, metadata, id, ord)
), held as materialized (
  select pi.id, pi.person_id
    from person_integrations pi
   where pi.id = any($13::uuid[])
   order by pi.id
     for key share
), locked as materialized (
  select h.id, h.person_id from held h join people p on p.id = h.person_id where p.status <> 'ignored'
), ins as (
  insert into activity_events (id, account_id, integration_id, person_id, person_integration_id, external_id, kind,
                               timestamp, title, url, metadata)
  select s.id, s.account_id, s.integration_id, l.person_id, s.pi_id, s.external_id, s.kind, s.ts, s.title, s.url,
         s.metadata
    from src s join locked l on l.id = s.pi_id
   order by s.ord
  on conflict (integration_id, external_id) do nothing
  returning id, account_id, integration_id, external_id, person_id, person_integration_id, kind, timestamp
), inbox as (
  insert into event_inbox (event_id, account_id, integration_id, person_id, person_integration_id, kind, timestamp)
  select id, account_id, integration_id, person_id, person_integration_id, kind, timestamp from ins
), made as (
  select distinct on (ins.id) s.n, s.ord, ins.external_id, ins.person_id
    from ins join src s on s.integration_id = ins.integration_id and s.external_id = ins.external_id
   order by ins.id, s.n
), gone as (
  select s.n, count(*)::int as n_gone
    from src s
   where not exists (select 1 from locked l where l.id = s.pi_id)
   group by s.n
), pushes as (
  select p.n, p.id, p.integration_id, p.account_id, p.trigger, p.started_at, p.finished_at, p.duration_ms,
         p.people_found, p.rows - coalesce(g.n_gone, 0) as rows, p.duplicates,
         p.skipped + coalesce(g.n_gone, 0) as skipped, coalesce(g.n_gone, 0) as gone, p.detailed, p.logged,
         p.method, p.endpoint, p.call_ms, p.payload, (select count(*)::int from made m where m.n = p.n) as created
    from jsonb_to_recordset($11::jsonb) as p(n int, id uuid, integration_id uuid, account_id uuid, trigger text,
         started_at timestamptz, finished_at timestamptz, duration_ms int, people_found int, rows int,
         duplicates int, skipped int, detailed int, logged boolean, method text, endpoint text, call_ms int,
         payload text)
    left join gone g on g.n = p.n
), runs as (
  insert into integration_runs (id, integration_id, account_id, trigger, status, started_at, finished_at,
                                duration_ms, people_found, events_created)
  select p.id, p.integration_id, p.account_id, p.trigger, 'success', p.started_at, p.finished_at, p.duration_ms,
         p.people_found, p.created
    from pushes p
  returning id
), debug as (
  insert into integration_run_events (run_id, event, timestamp, duration_ms, details)
  select d.run_id, d.event, d.ts, d.dur, d.details
    from (
      select e.run_id, e.event, e.ts, e.dur, e.details, 0 as part, e.seq
        from jsonb_to_recordset($12::jsonb) as e(run_id uuid, event text, ts timestamptz, dur int, details jsonb,
             seq int)
      union all
      select p.id, 'event_created', p.finished_at, null,
             jsonb_build_object('externalId', m.external_id, 'personId', m.person_id), 1, m.rank
        from (select m.*, row_number() over (partition by m.n order by m.ord)::int as rank from made m) m
        join pushes p on p.n = m.n
       where m.rank <= p.detailed
      union all
      select p.id, 'event_created', p.finished_at, null, jsonb_build_object('count', p.created), 2, 0
        from pushes p where p.created > ${DETAILED_EVENTS}
      union all
      select p.id, 'integration_complete', p.finished_at, p.duration_ms,
             jsonb_build_object('peopleFound', p.people_found, 'eventsCreated', p.created), 3, 0
        from pushes p
    ) d
   where d.run_id in (select id from runs)
   order by d.run_id, d.part, d.seq
), calls as (
  insert into api_calls (integration_id, account_id, method, endpoint, status_code, duration_ms, payload, response)
  select p.integration_id, p.account_id, p.method, p.endpoint, 200, p.call_ms, p.payload,
         '{"success":true,"created":' || p.created || ',"duplicates":' || (p.duplicates + p.rows - p.created)
           || ',"skipped":' || p.skipped || ',"runId":"' || p.id || '"}'
    from pushes p
   where p.logged
), last_run as (
  update integrations i
     set last_run_at = greatest(coalesce(i.last_run_at, v.started), v.started)
    from (select p.integration_id as id, max(p.started_at) as started from pushes p group by p.integration_id) v
   where i.id = v.id
     and (i.last_run_at is null or i.last_run_at < v.started - interval '1 second')
)
select p.n, p.created, p.gone from pushes p`;

/** What the group statement did with one push's events. */
export interface EventsPushOutcome {
  /** New events stored. */
  created: number;
  /** Events not stored because their person-integration was deleted, or its person ignored, before the statement. */
  gone: number;
}

/**
 * `count` ids in the layout of UUID version 7 (RFC 9562): the current millisecond in the first 48
 * bits, then 74 random bits. New events' ids then grow with time, so the primary key's index is
 * written at its end instead of at random pages (fewer pages touched and logged in full after a
 * checkpoint). Built here rather than by PostgreSQL, whose uuidv7() needs version 18.
 */
export function timeOrderedIds(count: number): string[] {
  const time = Date.now().toString(16).padStart(12, '0');
  const head = `${time.slice(0, 8)}-${time.slice(8, 12)}-7`;
  const random = randomBytes(count * 10).toString('hex');
  const ids: string[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const r = random.slice(i * 20, i * 20 + 20);
    const variant = ((Number.parseInt(r.charAt(3), 16) & 0x3) | 0x8).toString(16);
    ids[i] = `${head}${r.slice(0, 3)}-${variant}${r.slice(4, 7)}-${r.slice(7, 19)}`;
  }
  return ids;
}

/** Writes a group of events pushes in one statement; answers what it did with each push's events. */
export async function writeEventsPushes(pool: pg.Pool, writes: EventsPushWrite[]): Promise<EventsPushOutcome[]> {
  const rowPush: number[] = [];
  const pi: string[] = [];
  const externalId: string[] = [];
  const kind: string[] = [];
  const ms: number[] = [];
  const title: (string | null)[] = [];
  const url: (string | null)[] = [];
  const metadata: string[] = [];
  const pushIntegration: string[] = [];
  const pushAccount: string[] = [];
  const pushes: Record<string, unknown>[] = [];
  const debug: (RunEventRow & { seq: number })[] = [];
  const pis = new Set<string>();
  writes.forEach((w, i) => {
    const n = i + 1;
    for (const r of w.rows) {
      rowPush.push(n);
      pi.push(r.pi_id);
      pis.add(r.pi_id);
      externalId.push(r.external_id);
      kind.push(r.kind);
      ms.push(r.at);
      title.push(r.title);
      url.push(r.url);
      metadata.push(JSON.stringify(r.metadata));
    }
    pushIntegration.push(w.integration.id);
    pushAccount.push(w.integration.accountId);
    w.runEvents.forEach((e, seq) => {
      debug.push({ ...e, seq });
    });
    pushes.push({
      n,
      id: w.run.id,
      integration_id: w.run.integration_id,
      account_id: w.run.account_id,
      trigger: w.run.trigger,
      started_at: w.run.started_at,
      finished_at: w.run.finished_at,
      duration_ms: w.run.duration_ms,
      people_found: w.run.people_found,
      rows: w.rows.length,
      duplicates: w.duplicates,
      skipped: w.skipped,
      // A run keeps at most MAX_DEBUG_EVENTS_PER_RUN debug events: the per-event lines give way first.
      detailed: Math.max(0, Math.min(DETAILED_EVENTS, MAX_DEBUG_EVENTS_PER_RUN - 2 - w.runEvents.length)),
      logged: w.apiCall !== null,
      method: w.apiCall?.method ?? null,
      endpoint: w.apiCall?.endpoint ?? null,
      call_ms: w.apiCall?.duration_ms ?? null,
      payload: w.apiCall?.payload ?? null,
    });
  });
  const result = await pool.query<{ n: number; created: number; gone: number }>({
    name: 'events_push_group_v7',
    text: EVENTS_GROUP_SQL,
    values: [
      arrayLiteral(rowPush),
      arrayLiteral(pi),
      externalId,
      kind,
      arrayLiteral(ms),
      title,
      url,
      metadata,
      arrayLiteral(pushIntegration),
      arrayLiteral(pushAccount),
      JSON.stringify(pushes),
      JSON.stringify(debug),
      arrayLiteral([...pis]),
      arrayLiteral(timeOrderedIds(rowPush.length)),
    ],
  });
  const outcomes = new Map(result.rows.map((r) => [r.n, { created: r.created, gone: r.gone }]));
  return writes.map((_, i) => outcomes.get(i + 1) ?? { created: 0, gone: 0 });
}

/**
 * The group commit of events pushes for this database (one per process and pool): a push's
 * `submit` resolves with what was done with its events once its group is committed (2xx still means
 * durable), and rejects when its own write failed.
 */
export const eventsPushCommitter: (pool: pg.Pool) => Batcher<EventsPushWrite, EventsPushOutcome> = batcherPerOwner(
  (pool: pg.Pool) => ({
    run: (writes) => writeEventsPushes(pool, writes),
    rows: (w) => w.rows.length + 1,
    maxItems: GROUP_MAX_PUSHES,
    maxRows: GROUP_MAX_ROWS,
    windowMs: GROUP_WINDOW_MS,
    // Most of an events statement's time is per event (its row and four index entries), so a larger
    // group saves little: a group starts without waiting for the one in flight, keeping both cores
    // busy. Four at once did no better than two and lengthened the tail at half rate.
    maxInFlight: 2,
    startWhileWriting: true,
  }),
);
