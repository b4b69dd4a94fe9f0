import type {
  IntegrationBlocks,
  IntegrationEvents,
  IntegrationPeople,
  RunDetail,
  RunList,
  Statistics,
} from '@overlap/contract/integrations';
import { and, eq, sql } from 'drizzle-orm';
import { requireRole } from '../../core/access.ts';
import type { Ctx } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { integrations } from '../../db/schema/integrations.ts';
import { refreshRollups } from '../../engine/rollups.ts';
import { EVENT_BLOCK_SOURCE } from '../../pipeline/event-blocks.ts';
import { discardWaitingPresence, holdPresenceInbox } from '../../pipeline/presence-inbox.ts';
import { toApiCall } from './present.ts';
import { selectRecentApiCalls } from './queries.ts';
import { selectDailyStatistics, selectRecentRuns, selectRun, toRun } from './run-queries.ts';

/** Latest events and blocks listed on the Data tab (spec 001 §9). */
export const DATA_TAB_LIMIT = 100;

async function ownIntegration(ctx: Ctx, id: string): Promise<{ id: string; name: string }> {
  requireRole(ctx, 'manager');
  const [row] = await ctx.db
    .select({ id: integrations.id, name: integrations.name })
    .from(integrations)
    .where(and(eq(integrations.id, id), eq(integrations.accountId, ctx.accountId)));
  if (!row) throw notFound('Integration');
  return row;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export async function listRuns(ctx: Ctx, id: string): Promise<RunList> {
  await ownIntegration(ctx, id);
  return { runs: (await selectRecentRuns(ctx.db, id)).map(toRun) };
}

export async function getRun(ctx: Ctx, id: string, runId: string): Promise<RunDetail> {
  const integration = await ownIntegration(ctx, id);
  const found = await selectRun(ctx.db, id, runId);
  if (!found) throw notFound('Run');
  return {
    integrationName: integration.name,
    run: {
      ...toRun(found.run),
      debugEvents: found.debugEvents.map((e) => ({
        id: e.id,
        event: e.event,
        timestamp: new Date(e.timestamp).toISOString(),
        duration: e.durationMs,
        details: e.details,
      })),
    },
  };
}

export async function getStatistics(ctx: Ctx, id: string): Promise<Statistics> {
  await ownIntegration(ctx, id);
  return { statistics: await selectDailyStatistics(ctx.db, id) };
}

export async function listApiCalls(ctx: Ctx, id: string, limit: number) {
  await ownIntegration(ctx, id);
  return { apiCalls: (await selectRecentApiCalls(ctx.db, id, limit)).map(toApiCall) };
}

/** The columns naming the person of an event or a block, as both data-tab lists select them. */
type PersonColumns = {
  person_identifier: string;
  person_id: string;
  person_name: string | null;
  person_status: string;
};

const personOf = (r: PersonColumns) => ({ id: r.person_id, name: r.person_name, status: r.person_status });

export async function listIntegrationEvents(ctx: Ctx, id: string): Promise<IntegrationEvents> {
  await ownIntegration(ctx, id);
  const result = await ctx.db.execute<
    {
      id: string;
      kind: string;
      title: string | null;
      timestamp: Date;
      external_id: string;
      url: string | null;
      metadata: Record<string, unknown>;
    } & PersonColumns
  >(sql`
    select e.id, e.kind, e.title, e.timestamp, e.external_id, pi.external_id as person_identifier, e.url, e.metadata,
           p.id as person_id, p.name as person_name, p.status as person_status
      from activity_events e
      join person_integrations pi on pi.id = e.person_integration_id
      join people p on p.id = e.person_id
     where e.integration_id = ${id}
     order by e.timestamp desc, e.id
     limit ${DATA_TAB_LIMIT}`);
  return {
    events: result.rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      timestamp: new Date(r.timestamp).toISOString(),
      externalId: r.external_id,
      personIdentifier: r.person_identifier,
      url: r.url,
      metadata: r.metadata ?? {},
      person: personOf(r),
    })),
  };
}

export async function listIntegrationBlocks(ctx: Ctx, id: string): Promise<IntegrationBlocks> {
  await ownIntegration(ctx, id);
  const result = await ctx.db.execute<
    {
      id: string;
      kind: string;
      start_time: Date;
      end_time: Date | null;
      minutes: number;
      timezone_at_start: string;
    } & PersonColumns
  >(sql`
    select b.id, b.kind, b.start_time, b.end_time,
           floor(extract(epoch from (coalesce(b.end_time, now()) - b.start_time)) / 60)::int as minutes,
           b.timezone_at_start, pi.external_id as person_identifier,
           p.id as person_id, p.name as person_name, p.status as person_status
      from activity_blocks b
      join person_integrations pi on pi.id = b.person_integration_id
      join people p on p.id = b.person_id
     where b.integration_id = ${id}
     order by b.start_time desc, b.id
     limit ${DATA_TAB_LIMIT}`);
  return {
    activityBlocks: result.rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      startTime: new Date(r.start_time).toISOString(),
      endTime: iso(r.end_time),
      isOngoing: r.end_time === null,
      durationMinutes: Math.max(0, r.minutes),
      timezoneAtStart: r.timezone_at_start,
      personIdentifier: r.person_identifier,
      person: personOf(r),
    })),
  };
}

async function refreshAfterDelete(tx: DbOrTx, rows: { person_id: string; first: Date | null }[]) {
  const firsts = rows.filter((r) => r.first).map((r) => new Date(r.first as Date).getTime());
  if (firsts.length === 0) return;
  await refreshRollups(tx, [...new Set(rows.map((r) => r.person_id))], new Date(Math.min(...firsts)), new Date());
}

/** Deletes every event of the integration; rollups follow. */
export async function deleteIntegrationEvents(ctx: Ctx, id: string): Promise<{ success: true; deleted: number }> {
  await ownIntegration(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const deleted = await tx.execute<{ person_id: string; first: Date; n: number }>(sql`
      with gone as (delete from activity_events where integration_id = ${id} returning person_id, timestamp)
      select person_id, min(timestamp) as first, count(*)::int as n from gone group by person_id`);
    // Blocks that bursts of these events opened go with them (edited ones stay: a person owns them).
    await tx.execute(sql`
      delete from activity_blocks
       where integration_id = ${id} and edited_at is null and metadata->>'source' = ${EVENT_BLOCK_SOURCE}`);
    await refreshAfterDelete(tx, deleted.rows);
    await ctx.deps.notify(ctx.accountId, 'activity');
    return { success: true as const, deleted: deleted.rows.reduce((sum, r) => sum + r.n, 0) };
  });
}

/**
 * Deletes every activity block of the integration and the presence samples they came from (so
 * they are not rebuilt by the next push); rollups follow.
 */
export async function deleteIntegrationBlocks(ctx: Ctx, id: string): Promise<{ success: true; deleted: number }> {
  await ownIntegration(ctx, id);
  return ctx.db.transaction(async (tx) => {
    await holdPresenceInbox(tx);
    const deleted = await tx.execute<{ person_id: string; first: Date; n: number }>(sql`
      with gone as (delete from activity_blocks where integration_id = ${id} returning person_id, start_time)
      select person_id, min(start_time) as first, count(*)::int as n from gone group by person_id`);
    await discardWaitingPresence(tx, sql`integration_id = ${id}`);
    await tx.execute(sql`
      delete from presence_samples s using person_integrations pi
       where pi.id = s.person_integration_id and pi.integration_id = ${id}`);
    await refreshAfterDelete(tx, deleted.rows);
    await ctx.deps.notify(ctx.accountId, 'activity');
    return { success: true as const, deleted: deleted.rows.reduce((sum, r) => sum + r.n, 0) };
  });
}

export async function listIntegrationPeople(
  ctx: Ctx,
  id: string,
  query: { page: number; limit: number; status?: 'active' | 'unassigned' | 'ignored' },
): Promise<IntegrationPeople> {
  await ownIntegration(ctx, id);
  const statusFilter = query.status ? sql`and p.status = ${query.status}` : sql``;
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await Promise.all([
    ctx.db.execute<{
      id: string;
      pi_id: string;
      external_id: string;
      name: string | null;
      email: string | null;
      status: 'active' | 'unassigned' | 'ignored';
      is_online: boolean;
      last_status: string | null;
      last_seen_at: Date | null;
      timezone: string;
      created_at: Date;
    }>(sql`
      select p.id, pi.id as pi_id, pi.external_id, p.name, p.email, p.status, p.is_online, pi.last_status,
             pi.last_seen_at, coalesce(p.timezone_manual, p.timezone_automatic, 'UTC') as timezone, pi.created_at
        from person_integrations pi
        join people p on p.id = pi.person_id
       where pi.integration_id = ${id} and p.account_id = ${ctx.accountId} ${statusFilter}
       order by lower(coalesce(p.name, pi.external_id)), pi.id
       limit ${query.limit} offset ${offset}`),
    ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n
        from person_integrations pi
        join people p on p.id = pi.person_id
       where pi.integration_id = ${id} and p.account_id = ${ctx.accountId} ${statusFilter}`),
  ]);
  const totalCount = total.rows[0]?.n ?? 0;
  const totalPages = Math.ceil(totalCount / query.limit);
  return {
    people: rows.rows.map((r) => ({
      id: r.id,
      personIntegrationId: r.pi_id,
      personIdentifier: r.external_id,
      name: r.name,
      email: r.email,
      status: r.status,
      isOnline: r.is_online,
      lastStatus: r.last_status,
      lastSeenAt: iso(r.last_seen_at),
      timezone: r.timezone,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    pagination: {
      page: query.page,
      limit: query.limit,
      totalCount,
      totalPages,
      hasNextPage: query.page < totalPages,
      hasPreviousPage: query.page > 1,
    },
  };
}
