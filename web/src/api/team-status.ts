import type { UserRole } from '@overlap/contract/auth';
import type { PeopleList, UsersList } from '@overlap/contract/people';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { accountQuery } from './account';
import { api } from './client';
import { apiPaths } from './paths';
import { queryKeys } from './query-keys';
import { signedInUser } from './session';

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

/**
 * What the dashboard's banners need (the active people's demo and assigned counts, the unassigned
 * count and, for a manager, the account's integration health and plan limit), asked for as soon as
 * the session answer says someone is signed in, while the dashboard's code is still on its way. With
 * them in the cache the page draws its banners in its first frame, instead of pushing the day down
 * when they arrive.
 */
export function prefetchDashboardBanners(client: QueryClient, manages: (role: UserRole) => boolean): void {
  signedInUser(client).then(
    (user) => {
      if (!user) return;
      void client.prefetchQuery(activePeopleQuery);
      void client.prefetchQuery(unassignedCountQuery);
      if (manages(user.role)) void client.prefetchQuery(accountQuery);
    },
    () => {},
  );
}
