import type { PeopleList, PeopleSort, PersonStatus, UsersList } from '@overlap/contract/people';
import { type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../core/context.ts';
import {
  findMergeSuggestions,
  findPeoplePage,
  findPersonIntegrations,
  pageOf,
  personOrder,
  timezoneOf,
  toPerson,
  unassignedOrder,
} from './person-queries.ts';

interface ListFilters {
  q?: string;
  sort?: PeopleSort;
}

/** Name, e-mail or identifier containing `q` (any case; LIKE wildcards in `q` match themselves). */
function searchOf(q: string | undefined): SQL {
  if (!q) return sql`true`;
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(lower(coalesce(p.name, '')) like ${pattern} or lower(coalesce(p.email, '')) like ${pattern}
    or lower(coalesce(p.person_identifier, '')) like ${pattern})`;
}

function orderOf(sort: PeopleSort | undefined, fallback: SQL): SQL {
  if (sort === 'lastSeen') return sql`p.last_seen_at desc nulls last, ${personOrder}`;
  if (sort === 'created') return sql`p.created_at desc, p.id`;
  if (sort === 'name') return personOrder;
  return fallback;
}

export async function listPeople(
  ctx: Ctx,
  query: { status?: PersonStatus; page: number; limit: number } & ListFilters,
): Promise<PeopleList> {
  const where = sql`${query.status ? sql`p.status = ${query.status}` : sql`true`} and ${searchOf(query.q)}`;
  const { rows, totalCount, demoCount } = await findPeoplePage(
    ctx.db,
    ctx.accountId,
    where,
    query.page,
    query.limit,
    orderOf(query.sort, personOrder),
  );
  return { people: rows.map(toPerson), pagination: pageOf(query.page, query.limit, totalCount), demoCount };
}

/** Unassigned or ignored people as the cards of the people page show them. */
export async function listUsersWithStatus(
  ctx: Ctx,
  status: Extract<PersonStatus, 'unassigned' | 'ignored'>,
  query: { page: number; limit: number } & ListFilters,
): Promise<UsersList> {
  const { rows, totalCount } = await findPeoplePage(
    ctx.db,
    ctx.accountId,
    sql`p.status = ${status} and ${searchOf(query.q)}`,
    query.page,
    query.limit,
    orderOf(query.sort, status === 'unassigned' ? unassignedOrder : personOrder),
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
