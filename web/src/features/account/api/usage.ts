import type { PeopleList } from '@overlap/contract/people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { apiPaths } from '../../../api/paths';
import { queryKeys } from '../../../api/query-keys';

/** How many active people the account tracks (one row fetched; the total comes from the pagination). */
const activePeopleCountQuery = queryOptions({
  queryKey: [...queryKeys.people, 'active-count'] as const,
  queryFn: async ({ signal }) => {
    const list = await api<PeopleList>(`${apiPaths.people.people}?status=active&page=1&limit=1`, { signal });
    return list.pagination.totalCount;
  },
});
export const useActivePeopleCount = () => useQuery(activePeopleCountQuery);
