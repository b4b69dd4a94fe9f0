import type {
  ActivateResult,
  EventsPushBody,
  EventsPushResult,
  PresencePushBody,
  PresencePushResult,
} from '@overlap/contract/ingest';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../core/context.ts';
import type { Db } from '../../db/client.ts';
import type { PresenceStatus } from '../../db/schema/activity.ts';
import { ACTIVE_STATUSES } from '../../engine/blocks.ts';
import { ingestedItems } from '../../lib/metrics.ts';
import { type ApiCallContext, apiCallRow } from '../../pipeline/api-call-log.ts';
import { eventsPushCommitter } from '../../pipeline/events-push-commit.ts';
import { prepareEvents } from '../../pipeline/events-store.ts';
import { resolveIdentities } from '../../pipeline/identity.ts';
import type { InboxEntry } from '../../pipeline/presence-inbox.ts';
import { presencePushCommitter } from '../../pipeline/push-commit.ts';
import { type RunRecorder, startRun } from '../../pipeline/run-recorder.ts';
import type { PushIntegration } from './authenticate.ts';

const DETAILED_PEOPLE = 20;

/** Records lastConnectedAt at most once a minute, so busy integrations don't contend on their row. */
async function markConnected(db: Db, integration: PushIntegration): Promise<void> {
  const last = integration.lastConnectedAt?.getTime() ?? 0;
  if (Date.now() - last < 60_000) return;
  await db.execute(sql`
    update integrations set last_connected_at = now(), updated_at = now()
     where id = ${integration.id}
       and (last_connected_at is null or last_connected_at < now() - interval '1 minute')`);
}

async function recorded<T>(run: RunRecorder, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    await run.fail(err).catch(() => {});
    throw err;
  }
}

/**
 * A presence push: identities are looked up (unknown ones created), the samples go to the presence
 * inbox, and the run record, its debug events and the API call log row are written with them in
 * one statement shared with the pushes arriving at the same time (group commit): a 2xx means all
 * of it is committed. The presence pump then applies the inbox
 * (samples, blocks, rollups, lastSeenAt and isOnline) right behind, shared by every push that
 * arrived meanwhile, and tells the dashboards.
 */
export async function ingestPresence(
  deps: AppDeps,
  integration: PushIntegration,
  body: PresencePushBody,
  call?: ApiCallContext,
): Promise<PresencePushResult> {
  const { db } = deps.database;
  const at = new Date(body.timestamp);
  const run = await startRun(db, integration, 'push', { deferInsert: true });
  run.debug('milestone', { endpoint: 'presence', source: body.source, users: body.users.length });
  const outcome = await recorded(run, async () => {
    const started = performance.now();
    const identities = await resolveIdentities(
      db,
      integration,
      body.users.map((u) => ({
        personIdentifier: u.personIdentifier,
        name: u.name,
        firstname: u.firstname,
        email: u.email,
        timezone: u.timezone,
        details: u.details,
        status: u.status,
        isOnline: ACTIVE_STATUSES.has(u.status as PresenceStatus),
        seenAt: at,
      })),
      { deferRefresh: true, pool: deps.database.pool, cached: true },
    );
    const entries: InboxEntry[] = [];
    let skipped = 0;
    let peopleCreated = 0;
    for (const u of body.users) {
      const identity = identities.get(u.personIdentifier);
      if (!identity) throw new Error(`identity of ${u.personIdentifier} was not resolved`);
      if (identity.created) {
        peopleCreated++;
        if (peopleCreated <= DETAILED_PEOPLE) {
          run.debug('person_created', { personIdentifier: u.personIdentifier, personId: identity.personId });
        }
      }
      if (identity.personStatus === 'ignored') {
        skipped++;
        if (skipped <= DETAILED_PEOPLE) {
          run.debug('event_skipped', { personIdentifier: u.personIdentifier, reason: 'ignored', status: u.status });
        }
        continue;
      }
      entries.push({
        accountId: integration.accountId,
        integrationId: integration.id,
        personIntegrationId: identity.personIntegrationId,
        at,
        status: u.status as PresenceStatus,
        timezone: u.timezone ?? null,
        details: u.details ?? null,
      });
    }
    run.debug(
      'person_lookup',
      { people: identities.size, created: peopleCreated, ignored: skipped },
      performance.now() - started,
    );
    const result: PresencePushResult = {
      success: true,
      accepted: entries.length,
      skipped,
      peopleCreated,
      runId: run.id,
    };
    // Written with the concurrent pushes of this process in one statement and one commit.
    const { run: runRow, events: runEvents } = run.successRows({ peopleFound: body.users.length, eventsCreated: 0 });
    const apiCall = call
      ? apiCallRow({ ...call, statusCode: 200, durationMs: call.elapsedMs(), response: JSON.stringify(result) })
      : null;
    await presencePushCommitter(deps.database.pool).submit({ inbox: entries, run: runRow, runEvents, apiCall });
    return result;
  });
  call?.markLogged();
  // The pump's notification after applying also tells the dashboards about created people.
  if (outcome.accepted > 0) {
    ingestedItems.inc({ kind: 'presence' }, outcome.accepted);
    deps.presence.kick();
    await deps.presence.keepUp();
  } else if (outcome.peopleCreated > 0) await deps.notify(integration.accountId, 'people');
  await markConnected(db, integration);
  return outcome;
}

/**
 * An events push: identities are looked up (known ones from this process's cache, the others grouped
 * with concurrent pushes; unknown ones created), then the new events, stored once per externalId
 * under the person their person-integration has when the statement locks it, in the event inbox, the run
 * record and the API call log row are written in one statement shared with the events pushes
 * arriving at the same time (group commit): a 2xx means all of it is committed. The pump then
 * refreshes the identities, event blocks and rollups right behind, once per round for every push in
 * it, and tells the dashboards.
 */
export async function ingestEvents(
  deps: AppDeps,
  integration: PushIntegration,
  body: EventsPushBody,
  call?: ApiCallContext,
): Promise<EventsPushResult> {
  const { db } = deps.database;
  const run = await startRun(db, integration, 'push', { deferInsert: true });
  run.debug('milestone', { endpoint: 'events', source: body.source, events: body.events.length });
  const people = new Set(body.events.map((e) => e.personIdentifier)).size;
  const result = await recorded(run, async () => {
    const { rows, duplicates, skipped } = await prepareEvents(db, integration, body.events, run, {
      behind: { pool: deps.database.pool },
    });
    const { run: runRow, events: runEvents } = run.successRows(
      { peopleFound: people, eventsCreated: 0 },
      { complete: false },
    );
    const apiCall = call
      ? apiCallRow({ ...call, statusCode: 200, durationMs: call.elapsedMs(), response: null })
      : null;
    const { created, gone } = await eventsPushCommitter(deps.database.pool).submit({
      integration,
      rows,
      duplicates,
      skipped,
      run: runRow,
      runEvents,
      apiCall,
    });
    const answer: EventsPushResult = {
      success: true,
      created,
      duplicates: duplicates + rows.length - gone - created,
      // Events of a person-integration deleted, or of a person ignored, while the push was on its way
      // are discarded too.
      skipped: skipped + gone,
      runId: run.id,
    };
    return answer;
  });
  call?.markLogged();
  await markConnected(db, integration);
  if (result.created > 0) {
    ingestedItems.inc({ kind: 'event' }, result.created);
    // The pump tells the dashboards once the round has applied these events (blocks, rollups).
    deps.presence.kick('events');
  }
  return result;
}

/** POST /api/v1/activate: marks the integration connected (isActivated). */
export async function activateIntegration(deps: AppDeps, integration: PushIntegration): Promise<ActivateResult> {
  const result = await deps.database.db.execute<{ last_connected_at: Date }>(sql`
    update integrations set last_connected_at = now(), updated_at = now()
     where id = ${integration.id}
    returning last_connected_at`);
  const at = result.rows[0]?.last_connected_at;
  await deps.notify(integration.accountId, 'integrations');
  return {
    success: true,
    integrationId: integration.id,
    isActivated: true,
    lastConnectedAt: new Date(at ?? Date.now()).toISOString(),
  };
}
