import type pg from 'pg';
import { arrayLiteral } from '../db/uuid-array.ts';
import type { ApiCallRow } from './api-call-log.ts';
import { type Batcher, batcherPerOwner } from './group-batcher.ts';
import type { InboxEntry } from './presence-inbox.ts';
import type { RunEventRow, RunRow } from './run-recorder.ts';

/** What one presence push writes: its inbox rows, its run record with debug events, its API call log row. */
export interface PresencePushWrite {
  inbox: InboxEntry[];
  run: RunRow;
  runEvents: RunEventRow[];
  apiCall: ApiCallRow | null;
}

/** Pushes per statement, and inbox rows per statement (a push carries at most 1,000). */
export const GROUP_MAX_PUSHES = 64;
export const GROUP_MAX_ROWS = 20_000;
/** How long a lone push waits for neighbours before it is written. */
export const GROUP_WINDOW_MS = 2;

/**
 * One statement for a whole group of pushes (prepared once per connection: the text never
 * changes, every value is a parameter): their inbox rows, runs, debug events and API call log rows,
 * and each integration's last_run_at. Autocommitted: one commit, one WAL flush for the group.
 * The samples go as arrays, one element per sample ($5 to $8), each push's samples one slice of
 * them (from $4 to $12) with what they share (account, integration, instant) once per push ($9 to
 * $11): fewer bytes to send, no JSON object per sample to build and parse, and each inbox row's
 * arrays are cut from the parameters instead of unnested and aggregated again. Arrays of values
 * that never need quoting (ids, numbers, statuses, instants) go as one literal each; timezones and
 * details through the driver. Each push becomes one inbox row holding its samples as arrays,
 * instead of a row per sample.
 */
const GROUP_SQL = `
with inbox as (
  insert into presence_inbox (account_id, integration_id, at, person_integration_ids, statuses, timezones, details_list)
  select ($9::uuid[])[r.n], ($10::uuid[])[r.n], ($11::timestamptz[])[r.n], ($5::uuid[])[r.first:r.last],
         ($6::text[])[r.first:r.last], ($7::text[])[r.first:r.last], ($8::jsonb[])[r.first:r.last]
    from unnest($4::int[], $12::int[]) with ordinality as r(first, last, n)
), runs as (
  insert into integration_runs (id, integration_id, account_id, trigger, status, started_at, finished_at,
                                duration_ms, people_found, events_created)
  select r.id, r.integration_id, r.account_id, r.trigger, r.status, r.started_at, r.finished_at, r.duration_ms,
         r.people_found, r.events_created
    from jsonb_to_recordset($1::jsonb) as r(id uuid, integration_id uuid, account_id uuid, trigger text, status text,
         started_at timestamptz, finished_at timestamptz, duration_ms int, people_found int, events_created int)
  returning id
), debug as (
  insert into integration_run_events (run_id, event, timestamp, duration_ms, details)
  select e.run_id, e.event, e.ts, e.dur, e.details
    from jsonb_to_recordset($2::jsonb) as e(run_id uuid, event text, ts timestamptz, dur int, details jsonb)
   where e.run_id in (select id from runs)
), calls as (
  insert into api_calls (integration_id, account_id, method, endpoint, status_code, duration_ms, payload, response)
  select c.integration_id, c.account_id, c.method, c.endpoint, c.status_code, c.duration_ms, c.payload, c.response
    from jsonb_to_recordset($3::jsonb) as c(integration_id uuid, account_id uuid, method text, endpoint text,
         status_code int, duration_ms int, payload text, response text)
)
update integrations i
   set last_run_at = greatest(coalesce(i.last_run_at, v.started), v.started)
  from (select r.integration_id as id, max(r.started_at) as started
          from jsonb_to_recordset($1::jsonb) as r(integration_id uuid, started_at timestamptz)
         group by r.integration_id) v
 where i.id = v.id
   and (i.last_run_at is null or i.last_run_at < v.started - interval '1 second')`;

export async function writePresencePushes(pool: pg.Pool, writes: PresencePushWrite[]): Promise<void> {
  const first: number[] = [];
  const last: number[] = [];
  const rowPi: string[] = [];
  const rowStatus: string[] = [];
  const rowTz: (string | null)[] = [];
  const rowDetails: (string | null)[] = [];
  const pushAccount: string[] = [];
  const pushIntegration: string[] = [];
  const pushAt: string[] = [];
  // A push's rows share account, integration and instant (one Date object): each run of rows that
  // share them becomes one inbox row.
  let previous: InboxEntry | null = null;
  for (const w of writes) {
    for (const e of w.inbox) {
      if (
        !previous ||
        e.at !== previous.at ||
        e.accountId !== previous.accountId ||
        e.integrationId !== previous.integrationId
      ) {
        if (previous) last.push(rowPi.length);
        first.push(rowPi.length + 1);
        pushAccount.push(e.accountId);
        pushIntegration.push(e.integrationId);
        pushAt.push(e.at.toISOString());
        previous = e;
      }
      rowPi.push(e.personIntegrationId);
      rowStatus.push(e.status);
      rowTz.push(e.timezone);
      rowDetails.push(e.details && Object.keys(e.details).length > 0 ? JSON.stringify(e.details) : null);
    }
  }
  if (previous) last.push(rowPi.length);
  await pool.query({
    name: 'presence_push_group_v4',
    text: GROUP_SQL,
    values: [
      JSON.stringify(writes.map((w) => w.run)),
      JSON.stringify(writes.flatMap((w) => w.runEvents)),
      JSON.stringify(writes.flatMap((w) => (w.apiCall ? [w.apiCall] : []))),
      arrayLiteral(first),
      arrayLiteral(rowPi),
      arrayLiteral(rowStatus),
      rowTz,
      rowDetails,
      arrayLiteral(pushAccount),
      arrayLiteral(pushIntegration),
      arrayLiteral(pushAt),
      arrayLiteral(last),
    ],
  });
}

/**
 * The group commit of presence pushes for this database (one per process and pool): a push's
 * `submit` resolves once its group is committed (2xx still means durable) and rejects when its own
 * write failed.
 */
export const presencePushCommitter: (pool: pg.Pool) => Batcher<PresencePushWrite, void> = batcherPerOwner(
  (pool: pg.Pool) => ({
    run: async (writes) => {
      await writePresencePushes(pool, writes);
      return writes.map(() => undefined);
    },
    rows: (w) => w.inbox.length + 1,
    maxItems: GROUP_MAX_PUSHES,
    maxRows: GROUP_MAX_ROWS,
    windowMs: GROUP_WINDOW_MS,
    maxInFlight: 2,
  }),
);
