import type { PeopleList, UsersList } from '@overlap/contract/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';
import { queryKeys } from '../../../api/query-keys';

const teamKeys = {
  activePeople: [...queryKeys.people, 'list', 'active', 'dashboard'] as const,
  unassignedCount: [...queryKeys.people, 'unassigned', 'count'] as const,
};

/** Active people (the dashboard fetches up to 100): ids for the visible-people filter and the assigned count. */
export const activePeopleQuery = queryOptions({
  queryKey: teamKeys.activePeople,
  queryFn: ({ signal }) => api<PeopleList>(`${apiPaths.people.people}?status=active&page=1&limit=100`, { signal }),
  staleTime: 60_000,
  refetchInterval: 30_000,
});
export const useActivePeople = () => useQuery(activePeopleQuery);

/** How many people wait to be assigned (the list's total). */
const unassignedCountQuery = queryOptions({
  queryKey: teamKeys.unassignedCount,
  queryFn: ({ signal }) => api<UsersList>(`${apiPaths.people.unassigned}?page=1&limit=1`, { signal }),
  select: (list) => list.pagination.totalCount,
  staleTime: 60_000,
  refetchInterval: 30_000,
});
export const useUnassignedCount = (enabled = true) => useQuery({ ...unassignedCountQuery, enabled });
