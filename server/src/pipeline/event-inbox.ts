import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import type { RollupRange } from '../engine/rollups.ts';
import { refreshRollupRanges } from '../engine/rollups.ts';
import { openEventBlocks } from './events-store.ts';
import { type IdentityRefresh, refreshIdentities } from './identity.ts';
import { PUMP_LOCK } from './presence-inbox.ts';

/** Events applied per transaction. */
export const EVENT_INBOX_BATCH = 20_000;

interface TakenEvent extends Record<string, unknown> {
  account_id: string;
  integration_id: string;
  person_id: string;
  pi_id: string;
  kind: string;
  timestamp: Date;
  at_ms: number;
  person_status: string;
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
 * round. Events deleted since the push, and events of people ignored since, are dropped. Committed
 * without waiting for the WAL flush: a crash that loses the round puts the events back in the inbox.
 */
export async function drainEventInbox(db: Db, limit = EVENT_INBOX_BATCH): Promise<EventDrainResult> {
  return db.transaction(async (tx) => {
    const lock = await tx.execute<{ ok: boolean }>(sql`
      select pg_try_advisory_xact_lock(${PUMP_LOCK}) as ok, set_config('synchronous_commit', 'off', true)`);
    if (!lock.rows[0]?.ok) return { locked: false, applied: 0, accountIds: [], more: false };
    const taken = await tx.execute<{ event_id: string }>(sql`
      delete from event_inbox where ctid = any(array(select ctid from event_inbox limit ${limit}))
      returning event_id`);
    if (taken.rows.length === 0) return { locked: true, applied: 0, accountIds: [], more: false };
    const ids = `{${taken.rows.map((r) => r.event_id).join(',')}}`;
    const events = await tx.execute<TakenEvent>(sql`
      with locked as (
        select p.id, p.status from people p
         where p.id in (select person_id from activity_events where id = any(${ids}::uuid[]))
         order by p.id
           for no key update of p
      )
      select e.account_id, e.integration_id, e.person_id, e.person_integration_id as pi_id, e.kind, e.timestamp,
             (extract(epoch from e.timestamp) * 1000)::float8 as at_ms, l.status as person_status
        from activity_events e join locked l on l.id = e.person_id
       where e.id = any(${ids}::uuid[])`);
    const live = events.rows.filter((e) => e.person_status !== 'ignored');
    await applyEvents(tx, live);
    return {
      locked: true,
      applied: live.length,
      accountIds: [...new Set(live.map((e) => e.account_id))],
      more: taken.rows.length === limit,
    };
  });
}

async function applyEvents(tx: DbOrTx, events: TakenEvent[]): Promise<void> {
  if (events.length === 0) return;
  const newest = new Map<string, IdentityRefresh>();
  const spans = new Map<string, RollupRange>();
  const byIntegration = new Map<string, { accountId: string; rows: TakenEvent[] }>();
  for (const e of events) {
    const seen = newest.get(e.pi_id);
    if (!seen?.seenAt || seen.seenAt.getTime() < e.at_ms) {
      newest.set(e.pi_id, { personId: e.person_id, personIntegrationId: e.pi_id, seenAt: new Date(e.at_ms) });
    }
    const span = spans.get(e.person_id);
    spans.set(e.person_id, {
      personId: e.person_id,
      from: Math.min(span?.from ?? e.at_ms, e.at_ms),
      to: Math.max(span?.to ?? e.at_ms, e.at_ms),
    });
    const group = byIntegration.get(e.integration_id) ?? { accountId: e.account_id, rows: [] };
    group.rows.push(e);
    byIntegration.set(e.integration_id, group);
  }
  await refreshIdentities(tx, [...newest.values()]);
  const ranges = [...spans.values()];
  for (const [id, { accountId, rows }] of byIntegration) {
    ranges.push(...(await openEventBlocks(tx, { id, accountId }, rows)));
  }
  await refreshRollupRanges(tx, ranges);
}

/** Whether any event still waits in the inbox (of any process). */
export async function eventInboxIsEmpty(db: DbOrTx): Promise<boolean> {
  const result = await db.execute<{ empty: boolean }>(sql`select not exists (select 1 from event_inbox) as empty`);
  return result.rows[0]?.empty ?? true;
}
