import type { PeopleList, PersonStatus, UsersList } from '@overlap/contract/people';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../core/context.ts';
import {
  findMergeSuggestions,
  findPeoplePage,
  findPersonIntegrations,
  pageOf,
  timezoneOf,
  toPerson,
  unassignedOrder,
} from './person-queries.ts';

export async function listPeople(
  ctx: Ctx,
  query: { status?: PersonStatus; page: number; limit: number },
): Promise<PeopleList> {
  const where = query.status ? sql`p.status = ${query.status}` : sql`true`;
  const { rows, totalCount, demoCount } = await findPeoplePage(ctx.db, ctx.accountId, where, query.page, query.limit);
  return { people: rows.map(toPerson), pagination: pageOf(query.page, query.limit, totalCount), demoCount };
}

/** Unassigned or ignored people as the cards of the people page show them. */
export async function listUsersWithStatus(
  ctx: Ctx,
  status: Extract<PersonStatus, 'unassigned' | 'ignored'>,
  query: { page: number; limit: number },
): Promise<UsersList> {
  const { rows, totalCount } = await findPeoplePage(
    ctx.db,
    ctx.accountId,
    sql`p.status = ${status}`,
    query.page,
    query.limit,
    status === 'unassigned' ? unassignedOrder : undefined,
  );
  const ids = rows.map((r) => r.id);
  const [links, suggestions] = await Promise.all([
    findPersonIntegrations(ctx.db, ctx.accountId, ids),
    status === 'unassigned' ? findMergeSuggestions(ctx.db, ctx.accountId, ids) : new Map(),
  ]);
  return {
    users: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      personIdentifier: r.person_identifier,
      timezone: timezoneOf(r),
      lastSeenAt: r.last_seen_at ? new Date(r.last_seen_at).toISOString() : null,
      createdAt: new Date(r.created_at).toISOString(),
      activityCount: r.block_count + r.event_count,
      personIntegrations: links.get(r.id) ?? [],
      mergeSuggestion: suggestions.get(r.id) ?? null,
    })),
    pagination: pageOf(query.page, query.limit, totalCount),
  };
}
