import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { apiCalls } from '../db/schema/integrations.ts';

/** Request and response bodies are kept up to this many characters. */
export const API_CALL_BODY_LIMIT = 4096;
/** Retention: the newest 1,000 calls per integration, and none older than 14 days. */
export const API_CALLS_KEPT_PER_INTEGRATION = 1000;
export const API_CALLS_RETENTION_DAYS = 14;
/** Marks of the event rounds (event_count_marks) are kept for days this recent. */
export const EVENT_COUNT_MARK_DAYS = 7;

export function truncateBody(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text =
    typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('utf8') : JSON.stringify(value);
  return text.length > API_CALL_BODY_LIMIT ? `${text.slice(0, API_CALL_BODY_LIMIT - 1)}…` : text;
}

/**
 * A process trims an integration's log once it has logged this many of its calls since its last
 * trim: the log holds the newest 1,000 calls and at most this many more per process in between.
 */
export const API_CALLS_TRIM_EVERY = 500;

/** What a trim did: how many calls it deleted and the creation time (text, exact) of the newest of them. */
export interface TrimResult {
  deleted: number;
  newestDeleted: string | null;
}

/**
 * Keeps one integration's log to its newest API_CALLS_KEPT_PER_INTEGRATION calls (by creation time,
 * then id: rows written by one statement share their creation time). The calls are found by walking
 * the (integration_id, created_at) index from its newest end and deleted by id. `since` (the newest
 * call an earlier trim deleted) bounds the walk: the rows deleted before stay in the index until a
 * vacuum, and walking them again made a trim cost 3-80 ms once a few thousand were dead.
 */
export async function trimIntegrationLog(
  db: DbOrTx,
  integrationId: string,
  since: string | null = null,
): Promise<TrimResult> {
  const result = await db.execute<{ deleted: number; newest_deleted: string | null }>(sql`
    with gone as (
      delete from api_calls
       where id = any(array(
         select id from api_calls
          where integration_id = ${integrationId} and created_at >= coalesce(${since}::timestamptz, '-infinity')
          order by created_at desc, id desc
         offset ${API_CALLS_KEPT_PER_INTEGRATION}))
      returning created_at
    )
    select count(*)::int as deleted, max(created_at)::text as newest_deleted from gone`);
  const row = result.rows[0];
  return { deleted: row?.deleted ?? 0, newestDeleted: row?.newest_deleted ?? null };
}

interface TrimState {
  calls: number;
  running: Promise<void> | null;
  /**
   * The newest call this process's last trim deleted: older ones are gone, but for a statement that
   * began before that trim and committed after it (the daily retention job takes those).
   */
  since: string | null;
}

const trimStates = new WeakMap<object, Map<string, TrimState>>();

function statesOf(db: DbOrTx): Map<string, TrimState> {
  let states = trimStates.get(db);
  if (!states) {
    states = new Map();
    trimStates.set(db, states);
  }
  return states;
}

/**
 * Counts one logged call of the integration (in this process); every API_CALLS_TRIM_EVERY of them
 * its log is trimmed behind the answers, one trim at a time per integration. A trim that fails is
 * reported to `onError` and left to the next one (and to the daily retention job).
 */
export function noteLoggedCall(db: DbOrTx, integrationId: string, onError: (err: unknown) => void): void {
  const states = statesOf(db);
  let state = states.get(integrationId);
  if (!state) {
    state = { calls: 0, running: null, since: null };
    states.set(integrationId, state);
  }
  state.calls++;
  if (state.calls < API_CALLS_TRIM_EVERY || state.running) return;
  state.calls = 0;
  const current = state;
  current.running = trimIntegrationLog(db, integrationId, current.since)
    .then(
      (trim) => {
        if (trim.newestDeleted !== null) current.since = trim.newestDeleted;
      },
      (err: unknown) => onError(err),
    )
    .finally(() => {
      current.running = null;
    });
}

/** Resolves once the trims this process started on `db` have finished. */
export async function apiCallTrimsSettled(db: DbOrTx): Promise<void> {
  await Promise.all([...statesOf(db).values()].map((s) => s.running));
}

/**
 * Retention of the push API's bookkeeping: api_calls beyond the newest 1,000 per integration or
 * older than 14 days, rate-limit windows older than an hour, and the event rounds' marks of days
 * more than a week old (a day without its mark is counted again by the next round that has events
 * for it: marks only save work). Safe to run from any job.
 */
export async function pruneApiCalls(db: DbOrTx): Promise<{ deleted: number }> {
  const old = await db.execute(
    sql`delete from api_calls where created_at < now() - make_interval(days => ${API_CALLS_RETENTION_DAYS})`,
  );
  const excess = await db.execute(sql`
    delete from api_calls a
     using (select id from (select id, row_number() over (partition by integration_id order by id desc) as rn
                              from api_calls) ranked
             where ranked.rn > ${API_CALLS_KEPT_PER_INTEGRATION}) extra
     where a.id = extra.id`);
  await db.execute(sql`delete from api_rate_limits where window_start < now() - interval '1 hour'`);
  await db.execute(sql`delete from event_count_marks where day < current_date - ${EVENT_COUNT_MARK_DAYS}::int`);
  return { deleted: (old.rowCount ?? 0) + (excess.rowCount ?? 0) };
}

/** What a service needs to log a successful call inside its own transaction. */
export interface ApiCallContext {
  integration: { id: string; accountId: string };
  method: string;
  endpoint: string;
  payload: unknown;
  elapsedMs(): number;
  /** Tells the onSend hook the row is written (call after the transaction committed). */
  markLogged(): void;
}

export type LoggedCall = Omit<ApiCallContext, 'elapsedMs' | 'markLogged'> & {
  statusCode: number;
  durationMs: number;
  response: unknown;
};

const rowOf = (call: LoggedCall) => ({
  integrationId: call.integration.id,
  accountId: call.integration.accountId,
  method: call.method,
  endpoint: call.endpoint,
  statusCode: call.statusCode,
  durationMs: Math.round(call.durationMs),
  payload: truncateBody(call.payload),
  response: truncateBody(call.response),
});

/** The log row with its column names, for a statement writing many calls at once (the push group commit). */
export function apiCallRow(call: LoggedCall) {
  const r = rowOf(call);
  return {
    integration_id: r.integrationId,
    account_id: r.accountId,
    method: r.method,
    endpoint: r.endpoint,
    status_code: r.statusCode,
    duration_ms: r.durationMs,
    payload: r.payload,
    response: r.response,
  };
}
export type ApiCallRow = ReturnType<typeof apiCallRow>;

/** Writes one row of the API call log. */
export async function insertApiCall(db: DbOrTx, call: LoggedCall): Promise<void> {
  await db.insert(apiCalls).values(rowOf(call));
}
