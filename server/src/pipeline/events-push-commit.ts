import type pg from 'pg';
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
 * too), with the new ones' ids in the event inbox; each push's run record with its debug events
 * (event_created for its first new events, integration_complete with its count), its API call log
 * row with the answer, and each integration's last_run_at. Answers each push's count of new events.
 * The events go as arrays ($1 to $9), a push's integration and account once per push ($10, $11,
 * indexed by $1); the pushes ($12) and their debug events so far ($13) as JSON.
 */
const EVENTS_GROUP_SQL = `
with src as (
  select r.ord, r.n, ($10::uuid[])[r.n] as integration_id, ($11::uuid[])[r.n] as account_id, r.person_id, r.pi_id,
         r.external_id, r.kind, r.ts, r.title, r.url, r.metadata
    from unnest($1::int[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::timestamptz[], $7::text[],
                $8::text[], $9::jsonb[]) with ordinality
      as r(n, person_id, pi_id, external_id, kind, ts, title, url, metadata, ord)
), ins as (
  insert into activity_events (account_id, integration_id, person_id, person_integration_id, external_id, kind,
                               timestamp, title, url, metadata)
  select s.account_id, s.integration_id, s.person_id, s.pi_id, s.external_id, s.kind, s.ts, s.title, s.url,
         s.metadata
    from src s order by s.ord
  on conflict (integration_id, external_id) do nothing
  returning id, integration_id, external_id, person_id
), inbox as (
  insert into event_inbox (event_id) select id from ins
), made as (
  select distinct on (ins.id) s.n, s.ord, ins.external_id, ins.person_id
    from ins join src s on s.integration_id = ins.integration_id and s.external_id = ins.external_id
   order by ins.id, s.n
), pushes as (
  select p.*, (select count(*)::int from made m where m.n = p.n) as created
    from jsonb_to_recordset($12::jsonb) as p(n int, id uuid, integration_id uuid, account_id uuid, trigger text,
         started_at timestamptz, finished_at timestamptz, duration_ms int, people_found int, rows int,
         duplicates int, skipped int, detailed int, logged boolean, method text, endpoint text, call_ms int,
         payload text)
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
        from jsonb_to_recordset($13::jsonb) as e(run_id uuid, event text, ts timestamptz, dur int, details jsonb,
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
select p.n, p.created from pushes p`;

/** Writes a group of events pushes in one statement; answers each push's count of new events. */
export async function writeEventsPushes(pool: pg.Pool, writes: EventsPushWrite[]): Promise<number[]> {
  const rowPush: number[] = [];
  const person: string[] = [];
  const pi: string[] = [];
  const externalId: string[] = [];
  const kind: string[] = [];
  const ts: string[] = [];
  const title: (string | null)[] = [];
  const url: (string | null)[] = [];
  const metadata: string[] = [];
  const pushIntegration: string[] = [];
  const pushAccount: string[] = [];
  const pushes: Record<string, unknown>[] = [];
  const debug: (RunEventRow & { seq: number })[] = [];
  writes.forEach((w, i) => {
    const n = i + 1;
    for (const r of w.rows) {
      rowPush.push(n);
      person.push(r.person_id);
      pi.push(r.pi_id);
      externalId.push(r.external_id);
      kind.push(r.kind);
      ts.push(r.ts);
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
  const result = await pool.query<{ n: number; created: number }>({
    name: 'events_push_group_v1',
    text: EVENTS_GROUP_SQL,
    values: [
      rowPush,
      person,
      pi,
      externalId,
      kind,
      ts,
      title,
      url,
      metadata,
      pushIntegration,
      pushAccount,
      JSON.stringify(pushes),
      JSON.stringify(debug),
    ],
  });
  const created = new Map(result.rows.map((r) => [r.n, r.created]));
  return writes.map((_, i) => created.get(i + 1) ?? 0);
}

/**
 * The group commit of events pushes for this database (one per process and pool): a push's
 * `submit` resolves with its count of new events once its group is committed (2xx still means
 * durable), and rejects when its own write failed.
 */
export const eventsPushCommitter: (pool: pg.Pool) => Batcher<EventsPushWrite, number> = batcherPerOwner(
  (pool: pg.Pool) => ({
    run: (writes) => writeEventsPushes(pool, writes),
    rows: (w) => w.rows.length + 1,
    maxItems: GROUP_MAX_PUSHES,
    maxRows: GROUP_MAX_ROWS,
    windowMs: GROUP_WINDOW_MS,
    maxInFlight: 2,
  }),
);
